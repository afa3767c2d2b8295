/* chancellor-types.h — the core's classes by name, so that a header can
 * speak of them without including theirs (each class's own header
 * declares it fully with G_DECLARE_FINAL_TYPE).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _ChancellorClock ChancellorClock;
typedef struct _ChancellorComputer ChancellorComputer;
typedef struct _ChancellorDocument ChancellorDocument;
typedef struct _ChancellorGame ChancellorGame;
typedef struct _ChancellorGameReview ChancellorGameReview;
typedef struct _ChancellorGameSetup ChancellorGameSetup;
typedef struct _ChancellorMatch ChancellorMatch;
typedef struct _ChancellorVariantInfo ChancellorVariantInfo;
typedef struct _ChancellorVariantList ChancellorVariantList;

G_END_DECLS

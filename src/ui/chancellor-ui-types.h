/* chancellor-ui-types.h — the app's widgets and windows by name, with the
 * core's (chancellor-types.h), so that a header can speak of them without
 * including theirs.
 */
#pragma once

#include "chancellor-types.h"

G_BEGIN_DECLS

typedef struct _ChancellorAnalysisView ChancellorAnalysisView;
typedef struct _ChancellorApplication ChancellorApplication;
typedef struct _ChancellorBoardPreview ChancellorBoardPreview;
typedef struct _ChancellorBoardView ChancellorBoardView;
typedef struct _ChancellorClockView ChancellorClockView;
typedef struct _ChancellorEvalBar ChancellorEvalBar;
typedef struct _ChancellorEvalGraph ChancellorEvalGraph;
typedef struct _ChancellorGameChooser ChancellorGameChooser;
typedef struct _ChancellorGameProperties ChancellorGameProperties;
typedef struct _ChancellorMoveList ChancellorMoveList;
typedef struct _ChancellorNewGameDialog ChancellorNewGameDialog;
typedef struct _ChancellorPreferencesWindow ChancellorPreferencesWindow;
typedef struct _ChancellorRulesWindow ChancellorRulesWindow;
typedef struct _ChancellorWindow ChancellorWindow;

G_END_DECLS

import type { Editor } from '../editor/Editor';
import type { ToolOf } from './toolTypes';

export type { ToolId, ToolPointer } from './toolTypes';

/**
 * A canvas tool: a small state machine fed pointer events. It previews in session state and
 * commits once when its gesture ends, so one gesture is one undo step. The tool classes import
 * this module, not tools.ts (which imports them all).
 */
export type Tool = ToolOf<Editor>;

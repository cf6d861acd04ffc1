import type { Editor } from '../editor/Editor';
import {
  command,
  runCommand,
  shortcutLabel,
  type CommandContext,
  type CommandId,
} from '../commands/commands';
import { IS_MAC } from './MenuBar';
import { useSession } from './useEditor';
import { ToolIcon } from './icons';
import type { ToolId } from '../tools/tools';
import { FEATURE_KINDS } from '../../../engine/format/types';
import { SETUP_TOOL_IDS } from '../objectives/setupTools';

const UNDERLAY_TOOLS: ToolId[] = ['underlayMove', 'underlayScale'];
const TABLE_TOOLS: ToolId[] = [
  'select',
  'hand',
  'tape',
  ...FEATURE_KINDS,
  ...SETUP_TOOL_IDS,
  ...UNDERLAY_TOOLS,
];
const HEX_TOOLS: ToolId[] = [
  'select',
  'hand',
  'tape',
  'hexBrush',
  'hexFill',
  'hexRidge',
  'hexContour',
  ...SETUP_TOOL_IDS,
  ...UNDERLAY_TOOLS,
];

/** The vertical tool strip; each button runs the tool's command. */
export function Toolbar({ editor, ctx }: { editor: Editor; ctx: CommandContext }) {
  const s = useSession(editor, 'tool');
  const tools = editor.isHex() ? HEX_TOOLS : TABLE_TOOLS;
  return (
    <div className="toolbar" role="toolbar" aria-label="Tools" aria-orientation="vertical">
      {tools.map((t, i) => {
        const c = command(`tool.${t}` as CommandId);
        const key = c.shortcuts?.[0];
        return (
          <button
            key={t}
            className={`tool${s.tool === t ? ' active' : ''}${i === 2 || t === 'wreck' || t === 'hexContour' ? ' group-end' : ''}`}
            aria-pressed={s.tool === t}
            aria-label={c.label}
            data-tool={t}
            title={key ? `${c.label} (${shortcutLabel(key, IS_MAC)})` : c.label}
            onClick={() => runCommand(c.id, ctx)}
          >
            <ToolIcon tool={t} />
          </button>
        );
      })}
    </div>
  );
}

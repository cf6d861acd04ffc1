import type { Editor } from '../editor/Editor';
import { command, runCommand, shortcutLabel, type CommandContext } from '../commands/commands';
import { TableCanvas } from '../canvas/TableCanvas';
import { getHost } from '../../host';
import { IS_MAC, MenuBar } from './MenuBar';
import { MapLegend } from './MapLegend';
import { Toolbar } from './Toolbar';
import { ToolOptionsBar } from './ToolOptionsBar';
import { Inspector } from './Inspector';
import { FeatureList } from './FeatureList';
import { StatusBar } from './StatusBar';
import { SetupSidebar } from '../forces/SetupSidebar';
import { unitDropHandlers } from '../objectives/setupTools';
import { PeerOverlay } from '../collab/PeerOverlay';
import { SightPanel } from '../sight/SightPanel';

/** The editor screen: menus, tools, the table, inspector and feature list, status bar. */
export function EditorView({
  editor,
  ctx,
  title,
  dirty,
}: {
  editor: Editor;
  ctx: CommandContext;
  title: string;
  dirty: boolean;
}) {
  return (
    <div className="editor">
      <div className="topbar">
        {/* The desktop app shows the same menus natively (built from the same registry). */}
        {!getHost().setMenu && <MenuBar ctx={ctx} />}
        <span className="doc-title" data-testid="doc-title">
          {title}
          {dirty ? ' •' : ''}
        </span>
        <button
          className="playtest-button"
          disabled={!command('view.playtest').enabled(ctx)}
          title={`Play this scenario against the rules engine (${shortcutLabel('F5', IS_MAC)})`}
          onClick={() => runCommand('view.playtest', ctx)}
        >
          ▶ Playtest
        </button>
      </div>
      <ToolOptionsBar editor={editor} />
      <div className="workspace">
        <Toolbar editor={editor} ctx={ctx} />
        <div data-testid="table-view" className="table-view" {...unitDropHandlers(editor)}>
          <TableCanvas editor={editor} />
          <MapLegend editor={editor} />
          <SightPanel editor={editor} />
          <PeerOverlay editor={editor} />
        </div>
        <aside className="sidebar">
          <Inspector editor={editor} />
          <FeatureList editor={editor} />
        </aside>
        <SetupSidebar editor={editor} />
      </div>
      <StatusBar editor={editor} />
    </div>
  );
}

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { newScenario, ScenarioStore, type NewScenarioOptions } from '../../engine/document';
import { APP_NAME, APP_VERSION } from '../../engine/format/version';
import type { Problem } from '../../engine/format/problems';
import type { ScenarioDoc } from '../../engine/format/types';
import { serializeDocument } from '../../engine/format/saver';
import { getHost } from '../host';
import type { BundledScenario, OpenedFile, RecentFile, SaveConflict } from '../host/Host';
import { saveResolvingConflicts, type ConflictChoice } from '../host/saveFlow';
import { SaveConflictDialog } from './components/SaveConflictDialog';
import { Editor } from './editor/Editor';
import { createTools } from './tools/tools';
import { keyboardTimes } from './editor/keyboardTimes';
import { setupOf } from './forces/setupModel';
import {
  COMMANDS,
  commandForKey,
  matchesShortcut,
  runCommand,
  type CommandId,
  type AppActions,
  type CommandContext,
} from './commands/commands';
import { loadScenario } from './format/formatClient';
import { CollabRoot, leaveSession } from './collab/CollabRoot';
import { collabUi } from './collab/collabUi';
import { menuSections, useHostEvents } from '../host/electronHost';
import { getAutosaveStore, RecoveryPrompt, useAutosave } from '../recovery';
import { WelcomeScreen } from './components/WelcomeScreen';
import { EditorView } from './components/EditorView';
import {
  ExportDialog,
  Modal,
  NewTableDialog,
  ProblemsDialog,
  type ExportChoice,
} from './components/Dialogs';
import { CommandPalette } from './components/CommandPalette';
import { HelpDialog } from './components/HelpDialog';
import { LabDialog } from './lab/LabDialog';
import { useRevision } from './components/useEditor';
import { sceneOf } from './canvas/sceneOf';
import { viewPrefs } from './canvas/viewPrefs';
import { isGameText, type PlaytestGame } from '../../engine/playtest';
import { PlaytestView } from './playtest/PlaytestView';
import { PLAYTEST_COMMANDS } from './playtest/playtestCommands';
import { loadGameText } from './playtest/loadGame';
import { ImportDialogs } from './import/ImportDialogs';
import { exportTmxOf } from './import/tmxExport';
import { EXPORT_FORMATS } from '../../engine/formats/registry';
import { PAINTED_WRITERS } from './formats/paintedWriters';
import { underlayOf } from './underlay/underlay';
import { DEFAULT_PRESET } from '../../engine/rulesets/registry';

/** The open document: its editor, where it was loaded from or saved to, and the saved revision. */
interface OpenDocument {
  editor: Editor;
  path?: string;
  name: string;
  savedRevision: number;
}

type Dialog =
  | { type: 'new' }
  | { type: 'problems'; file: string; problems: readonly Problem[] }
  | { type: 'export'; format: ExportChoice['format'] }
  | { type: 'palette' }
  | { type: 'help' }
  | { type: 'lab'; scenario: ScenarioDoc }
  | { type: 'message'; title: string; text: string }
  | { type: 'saveName'; suggested: string; answer: (name: string | null) => void }
  | {
      type: 'saveConflict';
      conflict: SaveConflict;
      answer: (choice: ConflictChoice | null) => void;
    };

const SCENARIO_FILTERS = [{ name: 'Sandtable scenario', extensions: ['json'] }];

function fileNameFor(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'untitled'}.scenario.json`;
}

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/**
 * A focused check box or radio button hears only Space (its toggle) and Enter: letters and other
 * keys are the app's shortcuts, so a click on the status bar's Grid box does not leave the tool
 * keys dead (seen in the new-user walk: C after unticking Grid drew no creek).
 */
const keyForApp = (e: KeyboardEvent) =>
  !isTyping(e.target) ||
  (e.target instanceof HTMLInputElement &&
    (e.target.type === 'checkbox' || e.target.type === 'radio') &&
    e.key !== ' ' &&
    e.key !== 'Enter');

/** A focused control with no text of its own to undo: Ctrl+Z there undoes the document. */
const isChoice = (t: EventTarget | null) =>
  t instanceof HTMLSelectElement ||
  (t instanceof HTMLInputElement && (t.type === 'checkbox' || t.type === 'radio'));

/** Commands that change the document: in playtest they first return to the editor. */
function editsDocument(id: string): boolean {
  return (
    /^(edit|arrange|tool)\./.test(id) &&
    !['edit.undo', 'edit.redo', 'edit.deselect', 'edit.selectAll', 'edit.copy'].includes(id)
  );
}

export function App() {
  const host = getHost();
  const [doc, setDoc] = useState<OpenDocument | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** A short line that says what just happened (a cancelled save), gone after a few seconds. */
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(null), 6000);
    return () => clearTimeout(t);
  }, [notice]);
  /** A running playtest: session state, never saved into the scenario or undone. */
  const [playtest, setPlaytest] = useState<{
    scenario: ScenarioDoc;
    game?: PlaytestGame;
    warnings?: readonly string[];
  } | null>(null);
  const playtestRef = useRef(playtest);
  useLayoutEffect(() => {
    playtestRef.current = playtest;
  }, [playtest]);
  const docRef = useRef(doc);
  useLayoutEffect(() => {
    docRef.current = doc;
  }, [doc]);

  /**
   * The editor of a document about to open. The set-up tab open now stays open: it is the
   * window's, not the document's, and someone watching the Problems tab sees the next file's
   * checks (their progress and Stop) from their first step instead of landing on Forces.
   */
  const editorOf = useCallback((store: ScenarioStore): Editor => {
    const editor = new Editor(store, createTools());
    const last = docRef.current?.editor;
    if (last)
      setupOf(editor).session = { ...setupOf(editor).session, tab: setupOf(last).session.tab };
    return editor;
  }, []);

  const openDoc = useCallback(
    (scenario: ScenarioDoc, name: string, path?: string, unsaved = false) => {
      const store = ScenarioStore.fromScenario(scenario);
      setDoc({
        editor: editorOf(store),
        name,
        // A document restored from an autosave has changes no file holds yet.
        savedRevision: unsaved ? -1 : store.revision,
        ...(path ? { path } : {}),
      });
      setDialog(null);
      setPlaytest(null);
    },
    [editorOf],
  );

  /** Opens a store that already holds its scenario (a joined room) as the document. */
  const openStore = useCallback(
    (store: ScenarioStore, name: string) => {
      setDoc({ editor: editorOf(store), name, savedRevision: store.revision });
      setDialog(null);
      setPlaytest(null);
    },
    [editorOf],
  );

  const confirmDiscard = useCallback(() => {
    if (!doc || doc.editor.store.revision === doc.savedRevision) return true;
    return window.confirm(`Discard unsaved changes to ${doc.name}?`);
  }, [doc]);

  const loadText = useCallback(
    async (text: string, name: string, path?: string, unsaved = false) => {
      if (isGameText(text)) {
        // A saved game opens in playtest mode, with its scenario behind it in the editor.
        setBusy(`Opening ${name}…`);
        const game = await loadGameText(text, name).finally(() => setBusy(null));
        if (!game.ok) {
          setDialog({
            type: 'message',
            title: `Cannot open ${name}`,
            text: game.problems.join('\n'),
          });
          return;
        }
        if (!confirmDiscard()) return;
        openDoc(game.scenario, fileNameFor(game.scenario.meta.title));
        setPlaytest({ scenario: game.scenario, game: game.game, warnings: game.warnings });
        return;
      }
      setBusy(`Opening ${name}…`);
      const result = await loadScenario(text, name).finally(() => setBusy(null));
      // Ask about unsaved changes only once the new file is known to be good.
      if (result.ok) {
        if (confirmDiscard()) openDoc(result.doc, name, path, unsaved);
      } else setDialog({ type: 'problems', file: name, problems: result.problems });
    },
    [openDoc, confirmDiscard],
  );

  /** A file a host opened: its text, or the problem that kept it from being text. */
  const loadOpened = useCallback(
    (f: OpenedFile) => {
      if (f.problems?.length) {
        setDialog({ type: 'problems', file: f.name, problems: [...f.problems] });
        return;
      }
      void loadText(f.text, f.name, f.path);
    },
    [loadText],
  );

  /** A host that could not read a file at all (gone, unreadable, too large) says why. */
  const cannotOpen = useCallback((error: unknown) => {
    setDialog({
      type: 'message',
      title: 'Cannot open the file',
      text: error instanceof Error ? error.message : String(error),
    });
  }, []);

  const save = useCallback(
    async (as: boolean): Promise<void> => {
      const d = doc;
      if (!d) return;
      const scenario = d.editor.store.toScenario();
      scenario.app = { name: APP_NAME, version: APP_VERSION };
      const text = serializeDocument(scenario);
      const revision = d.editor.store.revision;
      let suggestedName = d.path ? d.name : fileNameFor(scenario.meta.title);
      const shown = d.path ? d.name : scenario.meta.title;
      // Where the host cannot ask (a browser downloads), Save as asks for the file name here.
      if (as && host.needsSaveName) {
        const chosen = await new Promise<string | null>((answer) =>
          setDialog({ type: 'saveName', suggested: suggestedName, answer }),
        );
        setDialog(null);
        if (chosen === null) {
          setNotice(`Save as cancelled: nothing was written, ${shown} is still open unsaved.`);
          return;
        }
        suggestedName = chosen;
      }
      try {
        const result = await saveResolvingConflicts(
          host,
          text,
          { ...(as || !d.path ? {} : { path: d.path }), suggestedName },
          async (conflict) => {
            const choice = await new Promise<ConflictChoice | null>((answer) =>
              setDialog({ type: 'saveConflict', conflict, answer }),
            );
            setDialog(null);
            return choice;
          },
        );
        if (result.kind === 'cancelled') {
          setNotice(`Save cancelled: nothing was written, ${shown} is still open unsaved.`);
          return;
        }
        if (result.kind === 'conflict-cancelled') {
          setNotice(
            `Not saved: ${result.conflict.name} changed on disk and was left as it is. Your changes are still open here; save again to choose.`,
          );
          return;
        }
        const saved = result.file;
        setDoc((cur) =>
          cur && cur.editor === d.editor
            ? { ...cur, path: saved.path, name: saved.name, savedRevision: revision }
            : cur,
        );
        setNotice(
          result.how === 'beside'
            ? `Saved beside it as ${saved.name}; the version that changed on disk was left as it is.`
            : result.how === 'overwrite'
              ? `Saved ${saved.name}, replacing the version that changed on disk.`
              : `Saved ${saved.name}`,
        );
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        setDialog({
          type: 'message',
          title: `Could not save ${suggestedName}`,
          // The host's message says what happened to the file and what to do.
          text: /[.!]$/.test(why)
            ? `${why} Your changes are still open here.`
            : `The save failed: ${why}. Your changes are still open here: try again, or use Save as… to save to another place or name.`,
        });
      }
    },
    [host, doc],
  );

  const actions: AppActions = useMemo(
    () => ({
      newTableDialog: () => setDialog({ type: 'new' }),
      newDefaultTable: () => {
        if (!confirmDiscard()) return;
        openDoc(
          newScenario({
            ruleset: DEFAULT_PRESET.ruleset,
            map: DEFAULT_PRESET.map,
            title: 'Untitled table',
          }),
          'untitled.scenario.json',
        );
      },
      open: () => {
        void host.openFile(SCENARIO_FILTERS).then((f) => {
          if (f) loadOpened(f);
        }, cannotOpen);
      },
      save: () => void save(false),
      saveAs: () => void save(true),
      close: () => {
        if (!confirmDiscard()) return;
        setPlaytest(null);
        setDoc(null);
      },
      playtest: () => {
        if (playtest) setPlaytest(null);
        else if (doc) setPlaytest({ scenario: doc.editor.store.toScenario() });
      },
      exportDialog: (format) => setDialog({ type: 'export', format }),
      openPalette: () => setDialog({ type: 'palette' }),
      showHelp: () => setDialog({ type: 'help' }),
      balanceLab: () => {
        if (doc) setDialog({ type: 'lab', scenario: doc.editor.store.toScenario() });
      },
      exportTmx: () => {
        const ed = doc?.editor;
        if (!ed) return;
        void exportTmxOf(ed, host).then(
          (line) => line && setNotice(line),
          (err: unknown) =>
            setDialog({
              type: 'message',
              title: 'Could not export the TMX map',
              text: err instanceof Error ? err.message : String(err),
            }),
        );
      },
      writeClipboard: (text) => {
        if (text) void navigator.clipboard?.writeText(text).catch(() => undefined);
      },
      readClipboard: async () => {
        try {
          return (await navigator.clipboard?.readText()) ?? '';
        } catch {
          return '';
        }
      },
      // Live co-editing: the desktop app can also be the session's server.
      ...(host.hostSession ? { hostSession: () => collabUi.open('host') } : {}),
      leaveSession,
    }),
    [host, openDoc, loadOpened, cannotOpen, confirmDiscard, save, doc, playtest],
  );

  const ctx: CommandContext = useMemo(
    () => ({ editor: doc?.editor ?? null, app: actions }),
    [doc?.editor, actions],
  );
  const ctxRef = useRef(ctx);
  useLayoutEffect(() => {
    ctxRef.current = ctx;
  }, [ctx]);

  // Desktop: files from the OS, drops and reloads; native menu clicks; menus from the registry.
  const nativeMenus = useMemo(
    () => (host.kind === 'electron' ? menuSections(COMMANDS) : undefined),
    [host],
  );
  useHostEvents(
    host,
    {
      openFile: (f) => loadOpened(f),
      menuCommand: (id) => {
        if (!COMMANDS.some((c) => c.id === id)) return;
        // In playtest, a native menu click follows the keyboard's rule: an edit returns to the
        // editor first, so it never acts on the hidden editor behind the game.
        if (playtestRef.current && (id === 'view.playtest' || editsDocument(id))) {
          setPlaytest(null);
          if (id === 'view.playtest') return;
        }
        runCommand(id as CommandId, ctxRef.current);
      },
    },
    nativeMenus,
  );
  // No document open (closed after "discard changes?"): nothing of this window's to recover.
  useEffect(() => {
    if (!doc)
      void getAutosaveStore()
        .clear()
        .catch(() => undefined);
  }, [doc]);

  // Keyboard: the active tool first (Enter/Escape/Backspace mid-gesture), then the command registry.
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const c = ctxRef.current;
      if (e.key === 'k' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        setDialog((d) => (d?.type === 'palette' ? null : { type: 'palette' }));
        return;
      }
      // F5 is the playtest switch, never the browser's reload.
      if (e.key === 'F5') e.preventDefault();
      if (document.querySelector('.modal')) return;
      if (playtestRef.current) {
        // Playtest keys are its own (Ctrl+Z takes back an action there). F5 goes back to the
        // editor, and so does any editing command, which then runs in the editor.
        // A checkbox or a list with the focus does not stop them; a text box does.
        if (isTyping(e.target) && !isChoice(e.target)) return;
        // The game's own commands first: in playtest Ctrl+Z takes back an action, Ctrl+S saves
        // the game, Ctrl+Enter ends the phase.
        const own = PLAYTEST_COMMANDS.find(
          (p) => p.shortcuts?.some((s) => matchesShortcut(s, e)) && p.enabled(c),
        );
        if (own) {
          e.preventDefault();
          runCommand(own.id, c);
          return;
        }
        if (isTyping(e.target)) return;
        const cmd = commandForKey(e, c);
        const edits = cmd && editsDocument(cmd.id);
        if (cmd?.id === 'view.playtest' || edits) {
          e.preventDefault();
          setPlaytest(null);
          if (edits) runCommand(cmd.id, c);
        }
        return;
      }
      if (!keyForApp(e)) {
        // In a text box only file commands (Ctrl+S, Ctrl+O...) act; other keys edit the text.
        const cmd = (e.ctrlKey || e.metaKey) && commandForKey(e, c);
        if (
          cmd &&
          (/^(file|export)\./.test(cmd.id) ||
            (isChoice(e.target) && /^edit\.(undo|redo)$/.test(cmd.id)))
        ) {
          e.preventDefault();
          (e.target as HTMLElement).blur();
          runCommand(cmd.id, c);
        }
        return;
      }
      const ed = c.editor;
      if (ed && e.key === ' ') {
        ed.setSpaceHeld(true);
        e.preventDefault();
        return;
      }
      if (ed && !e.ctrlKey && !e.metaKey && ed.toolKey(e.key)) {
        e.preventDefault();
        return;
      }
      const cmd = commandForKey(e, c);
      if (cmd) {
        e.preventDefault();
        runCommand(cmd.id, c);
      }
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key === ' ') ctxRef.current.editor?.setSpaceHeld(false);
    };
    const onCopy = (e: ClipboardEvent) => {
      const ed = ctxRef.current.editor;
      if (!ed || playtestRef.current || isTyping(e.target) || !ed.session.selection.length) return;
      const text = e.type === 'cut' ? ed.cut() : ed.copy();
      e.clipboardData?.setData('text/plain', text);
      e.preventDefault();
    };
    const onPaste = (e: ClipboardEvent) => {
      const ed = ctxRef.current.editor;
      if (!ed || playtestRef.current || isTyping(e.target)) return;
      if (ed.paste(e.clipboardData?.getData('text/plain') ?? '')) e.preventDefault();
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      const d = docRef.current;
      if (d && d.editor.store.revision !== d.savedRevision) e.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('copy', onCopy);
    window.addEventListener('cut', onCopy);
    window.addEventListener('paste', onPaste);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('copy', onCopy);
      window.removeEventListener('cut', onCopy);
      window.removeEventListener('paste', onPaste);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);

  // When keys were pressed and released, seen before any handler of the app's, so that typing
  // into a field is timed as the user typed it, not as a busy page got round to it (Editor.commit).
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.code || e.key;
    const onKeyDown = (e: KeyboardEvent) => keyboardTimes.keyDown(key(e), e.timeStamp);
    const onKeyUp = (e: KeyboardEvent) => keyboardTimes.keyUp(key(e));
    const onInput = (e: Event) => keyboardTimes.inputStarts(e.timeStamp);
    const onInputDone = () => keyboardTimes.inputEnds();
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    window.addEventListener('input', onInput, true);
    // Bubbling to the window, after React's handlers on the root.
    window.addEventListener('input', onInputDone);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp, true);
      window.removeEventListener('input', onInput, true);
      window.removeEventListener('input', onInputDone);
    };
  }, []);

  const runExport = async (choice: ExportChoice) => {
    const ed = doc?.editor;
    if (!ed) return;
    // The registry describes the format; the renderer's painter writes it (formats/paintedWriters).
    const format = EXPORT_FORMATS.find((f) => f.id === choice.format)!;
    const title = ed.store.rootField<{ title: string }>('meta')?.title ?? 'table';
    const file = await PAINTED_WRITERS[choice.format]({
      scene: { ...sceneOf(ed), style: choice.style },
      size: ed.mapSize(),
      title,
      base: fileNameFor(title).replace(/\.scenario\.json$/, ''),
      choice,
      underlay: underlayOf(ed),
    });
    // Say what was written: a PDF of 16 sheets gave no sign it was done (new-user walk).
    const saved = await host.exportFile(file.data, file.fileName, format.mime);
    setNotice(saved ? `Exported ${saved.name}` : 'Export cancelled: nothing was written');
  };

  const welcome = {
    newDefault: actions.newDefaultTable,
    newDialog: actions.newTableDialog,
    open: actions.open,
    openBundled: (b: BundledScenario) => void loadText(b.text, b.file),
    openRecent: (r: RecentFile) => {
      host.openRecent(r.path).then(
        (f) => loadOpened(f),
        (err: unknown) =>
          setDialog({
            type: 'message',
            title: `Cannot open ${r.name}`,
            text: err instanceof Error ? err.message : String(err),
          }),
      );
    },
  };

  return (
    <>
      <RecoveryPrompt onRestore={(r) => void loadText(r.text, r.name, r.path, true)} />
      <CollabRoot
        editor={doc?.editor ?? null}
        openStore={openStore}
        confirmDiscard={confirmDiscard}
      />
      {doc && playtest ? (
        <PlaytestView
          key={playtest.game ? `game:${playtest.game.seed}:${playtest.game.entries.length}` : 'new'}
          scenario={playtest.scenario}
          {...(playtest.game ? { initial: playtest.game } : {})}
          {...(playtest.warnings ? { warnings: playtest.warnings } : {})}
          onExit={() => setPlaytest(null)}
        />
      ) : doc ? (
        <OpenEditor doc={doc} ctx={ctx} />
      ) : (
        <WelcomeScreen actions={welcome} />
      )}
      {busy && (
        <div className="busy" role="status">
          {busy}
        </div>
      )}
      {notice && (
        <div className="notice" role="status" data-testid="notice">
          {notice}
        </div>
      )}
      {dialog?.type === 'saveName' && (
        <SaveNameDialog suggested={dialog.suggested} onAnswer={dialog.answer} />
      )}
      {dialog?.type === 'saveConflict' && (
        <SaveConflictDialog
          conflict={dialog.conflict}
          keepsBackup={host.kind === 'electron'}
          onAnswer={dialog.answer}
        />
      )}
      {dialog?.type === 'new' && (
        <NewTableDialog
          onClose={() => setDialog(null)}
          onCreate={(o: NewScenarioOptions) => {
            if (confirmDiscard()) openDoc(newScenario(o), fileNameFor(o.title ?? 'untitled'));
          }}
        />
      )}
      {dialog?.type === 'problems' && (
        <ProblemsDialog
          file={dialog.file}
          problems={dialog.problems}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'export' && doc && (
        <ExportDialog
          format={dialog.format}
          size={doc.editor.mapSize()}
          underlay={underlayOf(doc.editor)}
          onExport={runExport}
          onClose={() => setDialog(null)}
          initialStyle={viewPrefs(doc.editor).style}
          initialLegend={viewPrefs(doc.editor).legend}
        />
      )}
      <ImportDialogs
        editor={doc?.editor ?? null}
        onOpenScenario={(scenario, name) => {
          if (confirmDiscard()) openDoc(scenario, name, undefined, true);
        }}
        exportFile={(data, name, mime) => host.exportFile(data, name, mime)}
      />
      {dialog?.type === 'palette' && <CommandPalette ctx={ctx} onClose={() => setDialog(null)} />}
      {dialog?.type === 'help' && <HelpDialog onClose={() => setDialog(null)} />}
      {dialog?.type === 'lab' && (
        <LabDialog
          scenario={dialog.scenario}
          editor={doc?.editor ?? null}
          host={host}
          {...(doc?.path ? { path: doc.path } : {})}
          {...(doc ? { name: doc.name } : {})}
          onReplay={(scenario, game, warnings) => {
            setDialog(null);
            setPlaytest({ scenario, game, ...(warnings.length ? { warnings } : {}) });
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'message' && (
        <MessageDialog title={dialog.title} text={dialog.text} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

/** The editor for one document; keeps the window title in step with name and unsaved state. */
function OpenEditor({ doc, ctx }: { doc: OpenDocument; ctx: CommandContext }) {
  const revision = useRevision(doc.editor);
  const dirty = revision !== doc.savedRevision;
  const title = doc.editor.store.rootField<{ title: string }>('meta')?.title ?? doc.name;
  const host = getHost();
  useEffect(() => {
    host.setTitle(doc.path ? doc.name : title, dirty);
  }, [host, doc.name, doc.path, title, dirty]);
  useAutosave(() => serializeDocument(doc.editor.store.toScenario()), dirty, {
    title,
    name: doc.name,
    ...(doc.path ? { path: doc.path } : {}),
  });
  return (
    <EditorView
      key={doc.editor.store.ydoc.guid}
      editor={doc.editor}
      ctx={ctx}
      title={doc.path ? doc.name : title}
      dirty={dirty}
    />
  );
}

/** Save as where the host cannot ask: the file name to download the scenario under. */
function SaveNameDialog({
  suggested,
  onAnswer,
}: {
  suggested: string;
  onAnswer: (name: string | null) => void;
}) {
  const [name, setName] = useState(suggested);
  const clean = name.trim().replace(/[\\/:*?"<>|]+/g, '-');
  const finalName = !clean ? '' : /\.json$/i.test(clean) ? clean : `${clean}.scenario.json`;
  return (
    <Modal title="Save as" onClose={() => onAnswer(null)}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (finalName) onAnswer(finalName);
        }}
      >
        <label className="field wide">
          File name
          <input
            autoFocus
            aria-label="File name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onFocus={(e) =>
              e.target.setSelectionRange(0, name.replace(/\.scenario\.json$/, '').length)
            }
          />
        </label>
        <p className="muted small">
          {finalName
            ? `The browser saves ${finalName} to your downloads folder.`
            : 'Type a name for the file.'}
        </p>
        <div className="button-row end">
          <button type="button" onClick={() => onAnswer(null)}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={!finalName}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}

function MessageDialog({
  title,
  text,
  onClose,
}: {
  title: string;
  text: string;
  onClose: () => void;
}) {
  return (
    <div className="modal-backdrop">
      <div className="modal" role="alertdialog" aria-label={title}>
        <h2>{title}</h2>
        <p>{text}</p>
        <div className="button-row end">
          <button className="primary" onClick={onClose} autoFocus>
            OK
          </button>
        </div>
      </div>
    </div>
  );
}

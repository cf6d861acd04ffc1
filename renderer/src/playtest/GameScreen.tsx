import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import type { ScenarioDoc } from '../../../engine/format/types';
import {
  applyActions,
  applyBotTurn,
  botFor,
  botTurn,
  currentState,
  fastBotPlay,
  readableLog,
  serializeGame,
  stateAt,
  undoLastHuman,
  type BoardKind,
  type FirePreview,
  type GameAction,
  type LogLine,
  type PlaytestGame,
  type PlaytestView,
  type Prompt,
  type ResolvedLine,
  type ResolvePrompt,
  type SightView,
  type UnitCommand,
} from '../../../engine/playtest';
import { playSide } from '../../../engine/game/simulate';
import { getHost } from '../../host';
import { botLabel, strengthInWords } from './botChoices';
import { BotWorker, PLAYTEST_SEARCH_STRENGTH, type Thinking } from './botWorkerClient';
import { setPlaytestHandlers } from './playtestCommands';
import { HexBoard } from './board/HexBoard';
import { TableBoard } from './board/TableBoard';
import type { BoardProps, Target } from './board/types';
import { FirePanel, WeaponPanel } from './panels/FirePanel';
import { ForcesList } from './panels/ForcesList';
import { LogPanel, LogRow } from './panels/LogPanel';
import { PhasePanel } from './panels/PhasePanel';
import { Tracker } from './panels/Tracker';
import { UnitPanel } from './panels/UnitPanel';
import { usePhaseClock } from './usePhaseClock';

const BOT_DELAY_MS = 30;

export interface GameScreenProps {
  scenario: ScenarioDoc;
  game: PlaytestGame;
  setGame(g: PlaytestGame): void;
  onExit(): void;
  onNewGame(): void;
  onLoadGame(): void;
}

/**
 * A running playtest on the board its ruleset plays on: a table in inches or a hex map. The view
 * says which (`view.board`), and narrowing on it gives each board its own place and facing types.
 */
export function GameScreen(props: GameScreenProps) {
  const view = props.game.view;
  return view.board === 'table' ? (
    <BoardGameScreen {...props} view={view} Board={TableBoard} />
  ) : (
    <BoardGameScreen {...props} view={view} Board={HexBoard} />
  );
}

/**
 * The shell of a game: its lifecycle (bot turns, undo, replay, save and load, the hot-seat
 * hand-over and the phase clock), the tracker, the forces list and the panels. Everything it
 * shows comes from the ruleset's view; pointer gestures are the board's.
 */
function BoardGameScreen<B extends BoardKind>({
  scenario,
  game,
  setGame,
  onExit,
  onNewGame,
  onLoadGame,
  view: rs,
  Board,
}: GameScreenProps & {
  view: PlaytestView<unknown, unknown, B>;
  Board: ComponentType<BoardProps<B>>;
}) {
  const host = getHost();
  const sides = rs.game.sides;
  const colours = useMemo(() => Object.fromEntries(sides.map((s) => [s.id, s.colour])), [sides]);
  const sideName = (id: string | undefined) => sides.find((s) => s.id === id)?.name ?? id ?? '';
  const humans = sides.filter((s) => game.controllers[s.id] === 'human').map((s) => s.id);

  const [replayAt, setReplayAt] = useState<number | null>(null);
  const state = replayAt === null ? currentState(game) : stateAt(game, replayAt);
  const phase = rs.phase(state);
  const prompt = phase.prompt;
  const active = phase.waitingFor[0];
  const activeIsHuman = active !== undefined && game.controllers[active] === 'human';

  // Who is looking: in hot-seat the side that took the device; with one person, that person;
  // with only bots, or once the game is over, everybody.
  const [seatedSide, setSeatedSide] = useState<string | null>(null);
  // One person testing both sides alone turns the hand-over screen off and sees everything.
  const [passScreen, setPassScreen] = useState(true);
  const handover =
    passScreen &&
    humans.length >= 2 &&
    !phase.over &&
    replayAt === null &&
    activeIsHuman &&
    active !== seatedSide
      ? active
      : undefined;
  // While the device changes hands nobody's secrets show: '' is a viewer that owns no side.
  const liveOver = rs.phase(currentState(game)).over;
  const viewer: string | null =
    liveOver || humans.length === 0 || (humans.length >= 2 && !passScreen)
      ? null
      : humans.length === 1
        ? humans[0]!
        : handover
          ? ''
          : seatedSide;

  // The selection belongs to one side's phase: it empties when the phase or the side changes.
  // In an activation, each unit's turn is a phase of its own.
  const phaseKey = `${phase.turn}:${phase.phase}:${active ?? ''}${prompt.kind === 'activate' ? `:${prompt.unit}` : ''}`;
  const [selection, setSelection] = useState<{ key: string; ids: readonly string[] }>({
    key: '',
    ids: [],
  });
  const setSelected = (ids: readonly string[]) => setSelection({ key: phaseKey, ids });
  const [pointed, setPointed] = useState<Target<B> | undefined>(undefined);
  const hover = pointed?.unit;
  const [weaponPick, setWeapon] = useState<string | undefined>(undefined);
  const [ammo, setAmmo] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<{ text: string; bad: boolean } | null>(null);
  const [lastLines, setLastLines] = useState<readonly LogLine[]>([]);
  const [flashes, setFlashes] = useState<ReadonlyMap<string, string>>(new Map());
  const [pointedShot, setPointedShot] = useState<ResolvedLine | undefined>(undefined);

  const counters = useMemo(() => rs.counters(state, viewer), [rs, state, viewer]);
  const byId = useMemo(() => new Map(counters.map((c) => [c.id, c])), [counters]);
  // The unit whose activation it is starts selected.
  const actingUnit = prompt.kind === 'activate' ? prompt.unit : undefined;
  const selected = useMemo(
    () =>
      selection.key === phaseKey
        ? selection.ids.filter((id) => byId.has(id))
        : actingUnit && byId.has(actingUnit)
          ? [actingUnit]
          : [],
    [selection, phaseKey, byId, actingUnit],
  );
  const weapon = selection.key === phaseKey ? weaponPick : undefined;
  const locked = replayAt !== null || !!handover;
  const canAct = useCallback(
    (id: string) =>
      replayAt === null &&
      active !== undefined &&
      activeIsHuman &&
      !handover &&
      rs.canAct(state, id, active),
    [replayAt, active, activeIsHuman, handover, rs, state],
  );
  const mine = useMemo(() => selected.filter((id) => canAct(id)), [selected, canAct]);
  const primary: string | undefined = mine[0] ?? selected[0];
  const primaryCounter = primary ? byId.get(primary) : undefined;
  // In activation, the unit whose turn it is may both move and fire.
  const activated = prompt.kind === 'activate' && primary === prompt.unit;
  // Plotting a mission is planning a move or a shot: the same tools, the plot is what gets written.
  const plotting = prompt.kind === 'plot';
  const mayMove = prompt.kind === 'move' || activated || plotting;
  const mayFire = prompt.kind === 'fire' || activated || plotting;

  // The strong bot thinks on a worker of this game's own; its progress shows, and Stop (Esc)
  // takes the best turn found so far.
  const worker = useRef<BotWorker | null>(null);
  useEffect(() => {
    const w = new BotWorker(scenario, game.seed);
    worker.current = w;
    return () => {
      w.dispose();
      if (worker.current === w) worker.current = null;
    };
  }, [scenario, game.seed]);
  const [thinking, setThinking] = useState<{
    side: string;
    done: number;
    total: number;
    job: Thinking;
  } | null>(null);

  // Bots play their phase by themselves.
  useEffect(() => {
    if (replayAt !== null || phase.over || active === undefined || activeIsHuman) return;
    const fail = (why: string) =>
      setMessage({ text: `The bot could not play ${sideName(active)}: ${why}`, bad: true });
    if (botFor(game, active) === 'search' && worker.current) {
      const job = worker.current.think(
        game,
        active,
        (done, total) => setThinking((t) => (t && t.job === job ? { ...t, done, total } : t)),
        game.searchStrength !== undefined ? { strength: game.searchStrength } : {},
      );
      setThinking({ side: active, done: 0, total: 0, job });
      let live = true;
      void job.result.then((t) => {
        if (!live) return;
        setThinking(null);
        if (t.kind === 'failed') return fail(t.message);
        // Stopped before the search could say its best so far: the balanced bot plays the turn.
        const play =
          t.kind === 'turn'
            ? {
                actions: t.play.actions,
                explanation: {
                  ...t.play.explanation,
                  notes: [
                    ...(t.play.explanation?.notes ?? []),
                    `thought for ${(t.ms / 1000).toFixed(1)} s`,
                  ],
                },
              }
            : (() => {
                const fast = fastBotPlay(game, active, 'balanced');
                return {
                  actions: fast.actions,
                  explanation: {
                    notes: [
                      'stopped before the search had weighed a turn: the balanced bot played it',
                      ...(fast.explanation?.notes ?? []),
                    ],
                  },
                };
              })();
        const r = applyBotTurn(game, active, play, 'search');
        if (r.ok) setGame(r.game);
        else fail(r.reason);
      });
      return () => {
        live = false;
        job.cancel();
        setThinking(null);
      };
    }
    const t = setTimeout(() => {
      const r = botTurn(game, active);
      if (r.ok) setGame(r.game);
      else fail(r.reason);
    }, BOT_DELAY_MS);
    return () => clearTimeout(t);
    // sideName reads the sides, which `rs` carries.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [game, replayAt, phase.over, active, activeIsHuman, rs, setGame]);
  const stopThinking = () => thinking?.job.stop();

  const reach = useMemo(() => {
    if (!mayMove || !primary || !canAct(primary)) return undefined;
    return rs.reachable(state, primary);
  }, [mayMove, primary, canAct, rs, state]);

  const weapons = useMemo(
    () => (primary && mayFire ? rs.weapons(state, primary) : []),
    [primary, mayFire, rs, state],
  );
  const weaponChoice = weapons.find((w) => w.id === weapon) ?? weapons[0];
  const ammoChoice = weaponChoice?.ammo.includes(ammo ?? '') ? ammo : weaponChoice?.ammo[0];

  const preview: FirePreview<B> | undefined = useMemo(() => {
    if (!mayFire || !primary || !weaponChoice || !canAct(primary)) return undefined;
    const target = pointed?.unit ? byId.get(pointed.unit) : undefined;
    if (target && target.side !== byId.get(primary)?.side && target.kind !== 'wreck')
      return rs.previewFire(state, primary, weaponChoice.id, ammoChoice, { unit: target.id });
    if (weaponChoice.atPoint && pointed?.at)
      return rs.previewFire(state, primary, weaponChoice.id, ammoChoice, { at: pointed.at });
    return undefined;
  }, [mayFire, primary, weaponChoice, ammoChoice, canAct, pointed, byId, rs, state]);

  const commandsFor = useCallback(
    (unit: string): readonly UnitCommand[] => (canAct(unit) ? rs.commands(state, unit) : []),
    [canAct, rs, state],
  );
  const givesOrders = prompt.kind === 'orders' || prompt.kind === 'plot';
  // Units still waiting for an order show their buttons in the phase panel's list; one that has
  // its order (to take it back, or add to it) shows them in the unit panel.
  const listedInPrompt = useMemo(
    () => givesOrders && pendingIn(prompt, primary),
    [givesOrders, prompt, primary],
  );
  const commands = useMemo(
    () => (primary && (mayMove || givesOrders) ? commandsFor(primary) : []),
    [primary, mayMove, givesOrders, commandsFor],
  );

  const say = (text: string, bad: boolean) => setMessage({ text, bad });

  const apply = (actions: readonly GameAction[], what: string): boolean => {
    const r = applyActions(game, actions);
    if (!r.ok) {
      const reason = rs.words?.(currentState(game), r.reason) ?? r.reason;
      setMessage({ text: `${what}: ${reason}${r.ruleId ? ` (${r.ruleId})` : ''}`, bad: true });
      return false;
    }
    const after = currentState(r.game);
    const lines = r.events.flatMap((e) =>
      rs.game.eventVisible(e, viewer, after) ? rs.describe(e, after, viewer) : [],
    );
    setLastLines(lines);
    setFlashes(flashesOf(lines));
    setMessage(null);
    setGame(r.game);
    return true;
  };

  const fireClick = (hit: string | undefined) => {
    if (hit && canAct(hit)) {
      setSelected([hit]);
      return;
    }
    const hitSide = hit ? byId.get(hit)?.side : undefined;
    const target = hit && primary && hitSide !== byId.get(primary)?.side ? hit : undefined;
    if (preview && (target || weaponChoice?.atPoint)) {
      if (preview.legal && preview.action) apply([preview.action], 'Fire');
      else
        setMessage({
          text: `Cannot fire: ${preview.reason ?? 'not possible'}${preview.ruleId ? ` (${preview.ruleId})` : ''}`,
          bad: true,
        });
      return;
    }
    setSelected(hit ? [hit] : []);
  };

  // Escape drops the selection. (Ctrl+Z, Ctrl+S, Ctrl+Enter are the registry's playtest commands.)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target;
      if (t instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName)) return;
      if (e.key !== 'Escape') return;
      // Esc first stops the strong bot's thinking (it plays its best so far), else drops the
      // selection.
      if (thinking) thinking.job.stop();
      else setSelection({ key: '', ids: [] });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [thinking]);

  // A person's End phase may differ from the bot's (TANK!: plots then resolve step by step).
  const personEnds = (at: unknown, side: string) =>
    rs.personEndsPhase?.(at, side) ?? rs.game.endPhaseAction(at, side);
  const endPhase = () => {
    if (!active) return;
    apply([personEnds(state, active)], 'End phase');
  };

  // The real-time limit (when the players chose it): it runs only while a person has the device.
  // A game clock (scope 'game') is one countdown for the whole game, running whoever acts.
  const limit = game.clock && !phase.over ? rs.clock(state) : undefined;
  const wholeGame = limit?.scope === 'game';
  const clock = usePhaseClock(
    wholeGame || activeIsHuman ? limit : undefined,
    wholeGame ? 'game' : phaseKey,
    replayAt === null && !handover && (wholeGame || activeIsHuman),
    () => {
      const side = active ?? rs.game.sides[0]?.id;
      if (side) apply([rs.game.endPhaseAction(currentState(game), side, true)], 'Time up');
    },
  );

  /** Ends every phase left in this turn: people pass, bots still play their phases. */
  const endTurn = () => {
    const startTurn = phase.turn;
    let s = currentState(game);
    const actions: GameAction[] = [];
    let refused: string | undefined;
    for (let guard = 0; guard < 64; guard++) {
      const ph = rs.phase(s);
      const side = ph.waitingFor[0];
      if (ph.over || ph.turn !== startTurn || side === undefined) break;
      const bot = game.controllers[side] === 'bot';
      // The strong bot thinks on its worker: the turn ends here and it plays from there.
      if (bot && botFor(game, side) === 'search') break;
      const turn = playSide(
        rs.game,
        s,
        side,
        bot
          ? {
              kind: 'source',
              next: (at) =>
                fastBotPlay(game, side, botFor(game, side), {
                  state: at,
                  at: game.entries.length + actions.length,
                }).actions,
            }
          : { kind: 'source', next: (at, who) => [personEnds(at, who)] },
      );
      if ('refused' in turn) {
        // Say why the turn stopped short, with what was played up to there.
        refused = `${sideName(side)}: ${rs.words?.(s, turn.refused) ?? turn.refused}`;
        break;
      }
      if (turn.actions.length === 0) break;
      s = turn.state;
      actions.push(...turn.actions);
    }
    if (actions.length) apply(actions, 'End turn');
    if (refused) setMessage({ text: `End turn stopped: ${refused}`, bad: true });
  };

  const undo = () => {
    const g = undoLastHuman(game);
    setGame(g);
    setLastLines([]);
    setFlashes(new Map());
    setMessage({ text: `Undone: back to action ${g.entries.length}`, bad: false });
  };

  const saveGame = async () => {
    const text = serializeGame(game, scenario);
    const slug = scenario.meta.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    try {
      const saved = await host.saveFile(text, {
        suggestedName: `${slug || 'game'}-turn${phase.turn}.game.json`,
      });
      // A save without a path asks where, so it never finds a changed file to report.
      if (saved && !('conflict' in saved))
        setMessage({ text: `Game saved as ${saved.name}`, bad: false });
    } catch (err) {
      setMessage({
        text: `Save failed: ${err instanceof Error ? err.message : String(err)}`,
        bad: true,
      });
    }
  };

  const selectFormation = (formation: string) => {
    const ids = counters
      .filter(
        (c) => c.formation === formation && c.kind !== 'wreck' && !c.embarkedIn && canAct(c.id),
      )
      .map((c) => c.id);
    setSelected(ids);
  };

  const objectives = rs.objectives(state, viewer);
  const result = rs.game.result(state);
  // A ruleset with hidden hands shows each hand only to its owner.
  const shownPhase = rs.promptFor ? { ...phase, prompt: rs.promptFor(state, viewer) } : phase;
  // A turn resolved step by step: its steps are played from the panel, N and Shift+N.
  const resolving = shownPhase.prompt.kind === 'resolve' ? shownPhase.prompt : undefined;
  const playStep = (all: boolean) => {
    const a = all ? resolving?.all : resolving?.next;
    if (a) apply([a], all ? 'Resolve all' : 'Next step');
  };
  const shotPreview = useMemo(
    () => stepPreview<B>(resolving, pointedShot),
    [resolving, pointedShot],
  );
  const boardPreview = preview ?? shotPreview;
  const hexMarks = rs.hexMarks?.(state, viewer);
  const log = useMemo(() => readableLog(game, viewer), [game, viewer]);
  // While replaying, the Result panel shows what the action replayed to did, not the live game's
  // last lines (which may be a later turn's "Game over").
  const shownLast =
    replayAt === null
      ? lastLines
      : replayAt > 0
        ? log.filter((l) => l.action === replayAt - 1)
        : [];
  const listSide = viewer ?? active ?? sides[0]?.id;
  const actionsOff = !activeIsHuman || !!handover || replayAt !== null || phase.over;

  // The registry's playtest commands (palette, menus, shortcuts) act on this screen.
  useEffect(() => {
    setPlaytestHandlers({
      endPhase,
      endTurn,
      undo: () => {
        if (game.entries.length > 0 && replayAt === null) undo();
      },
      saveGame: () => void saveGame(),
      nextStep: () => playStep(false),
      resolveAll: () => playStep(true),
      canAct: !actionsOff,
      canUndo: game.entries.length > 0 && replayAt === null,
      canStep: !actionsOff && resolving !== undefined,
    });
  });
  useEffect(() => () => setPlaytestHandlers(null), []);

  return (
    <div className="playtest" data-testid="playtest" data-board={rs.board}>
      <header className="playtest-top">
        <Tracker
          phase={phase}
          active={active}
          activeName={sideName(active)}
          activeIsBot={active !== undefined && game.controllers[active] === 'bot'}
          clock={clock}
        />
        <div className="playtest-actions">
          <button
            className="primary"
            data-testid="end-phase"
            title={
              active
                ? `End the ${phase.phaseLabel.toLowerCase()} phase for ${sideName(active)} (Ctrl+Enter)`
                : undefined
            }
            disabled={actionsOff}
            onClick={endPhase}
          >
            {phase.over ? 'Game over' : `End ${phase.phaseLabel.toLowerCase()}`}
          </button>
          <button
            data-testid="end-turn"
            disabled={actionsOff}
            onClick={endTurn}
            title="End every phase left in this turn (bots still play theirs) (Ctrl+Shift+Enter)"
          >
            End turn
          </button>
          <button
            onClick={undo}
            disabled={game.entries.length === 0 || replayAt !== null}
            title="Undo the last action (Ctrl+Z)"
          >
            Undo
          </button>
          <button onClick={() => void saveGame()} title="Save the game (Ctrl+S)">
            Save game
          </button>
          {humans.length >= 2 && (
            <label
              className="pass-screen"
              title="Hide each side's secrets while the device changes hands; turn off to test both sides alone"
            >
              <input
                type="checkbox"
                checked={passScreen}
                onChange={(e) => setPassScreen(e.target.checked)}
              />{' '}
              Hand-over screen
            </label>
          )}
          <button onClick={onLoadGame}>Load game</button>
          <button onClick={onNewGame}>New game</button>
          <button onClick={onExit} data-testid="back-to-editor">
            Back to editor
          </button>
        </div>
      </header>
      <div className="playtest-main">
        <aside className="playtest-left">
          <ForcesList
            counters={counters}
            side={listSide}
            sideName={sideName(listSide)}
            canAct={canAct}
            selected={selected}
            onFormation={selectFormation}
            onUnit={(id) => setSelected([id])}
          />
        </aside>
        <div className="playtest-board-wrap">
          <Board
            view={rs}
            scenario={scenario}
            state={state}
            prompt={prompt}
            counters={counters}
            colours={colours}
            objectives={objectives}
            selected={selected}
            mine={mine}
            canAct={canAct}
            locked={locked}
            hover={hover}
            reach={reach}
            preview={boardPreview}
            flashes={replayAt === null ? flashes : new Map()}
            {...(hexMarks ? { hexMarks } : {})}
            select={setSelected}
            point={setPointed}
            fireClick={fireClick}
            apply={apply}
            say={say}
          />
          {thinking && (
            <div className="bot-thinking" role="status" data-testid="bot-thinking">
              <span>
                {botLabel('search')} thinking for {sideName(thinking.side)}…{' '}
                <b data-testid="bot-thinking-share">
                  {thinking.total > 0 ? Math.round((100 * thinking.done) / thinking.total) : 0}%
                </b>{' '}
                <span className="muted" data-testid="bot-thinking-strength">
                  ({strengthInWords(game.searchStrength ?? PLAYTEST_SEARCH_STRENGTH)})
                </span>
              </span>
              <progress
                aria-label="Bot thinking"
                max={Math.max(1, thinking.total)}
                value={thinking.done}
              />
              <button
                onClick={stopThinking}
                title="Stop thinking and play the best turn so far (Esc)"
              >
                Stop (Esc)
              </button>
            </div>
          )}
          {message && replayAt === null && (
            <div
              className={message.bad ? 'playtest-message bad' : 'playtest-message'}
              data-testid="playtest-message"
            >
              {message.text}
            </div>
          )}
          {result && (
            <div className="playtest-result" data-testid="game-result">
              {result.text}
            </div>
          )}
        </div>
        <aside className="playtest-right">
          <PhasePanel
            board={rs.board}
            phase={shownPhase}
            sides={sides}
            controllers={game.controllers}
            interactive={!actionsOff}
            labelOf={(id) => byId.get(id)?.label ?? 'a unit not in sight'}
            commandsOf={commandsFor}
            selected={selected}
            onSelect={(id) => setSelected([id])}
            onAction={(a, label) => apply([a], label)}
            onSight={setPointedShot}
          />
          <UnitPanel
            board={rs.board}
            counter={primaryCounter}
            count={selected.length}
            map={scenario.map}
            reach={reach}
            commands={listedInPrompt ? [] : commands}
            nameOf={(id) => byId.get(id)?.label}
            onCommand={(a, label) => apply([a], label)}
          />
          {mayFire && primaryCounter && weapons.length > 0 && (
            <WeaponPanel
              weapons={weapons}
              weapon={weaponChoice}
              ammo={ammoChoice}
              onWeapon={setWeapon}
              onAmmo={setAmmo}
            />
          )}
          {preview && <FirePanel board={rs.board} preview={preview} />}
          {shownLast.length > 0 && !resolving && (
            <section className="pt-section" data-testid="last-result">
              <h3>Result</h3>
              {shownLast.map((l, i) => (
                <LogRow key={i} line={l} />
              ))}
            </section>
          )}
          <section className="pt-section" data-testid="objectives">
            <h3>Objectives</h3>
            {objectives.map((o) => (
              <div key={o.id} className="pt-objective">
                {o.text}
              </div>
            ))}
            {rs.score(state).map((s) => (
              <div key={s.side} className="pt-score">
                <b style={{ color: colours[s.side] }}>{s.label}</b>: {s.value}
              </div>
            ))}
          </section>
          <LogPanel
            botNotes={game.botNotes ?? []}
            sideName={sideName}
            log={log}
            total={game.entries.length}
            replayAt={replayAt}
            setReplayAt={setReplayAt}
          />
        </aside>
        {handover && (
          <div className="handover" data-testid="handover">
            <div className="handover-card">
              <h2>Pass the device to {sideName(handover)}</h2>
              <p>
                {sideName(handover)}: make sure the other player is not looking, then show your
                view. Your secret objective is shown only to you.
              </p>
              <button className="primary" autoFocus onClick={() => setSeatedSide(handover)}>
                I am {sideName(handover)}: show my view
              </button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/** Units hit, killed or saved in the last action, for the markers on their counters. */
function flashesOf(lines: readonly LogLine[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const l of lines) {
    const u = l.units[l.units.length - 1];
    if (!u) continue;
    if (/removed|destroyed|casualty/.test(l.text))
      m.set(u, /destroyed/.test(l.text) ? 'destroyed' : 'casualty');
    else if (/is hit|HIT|PENETRATED/.test(l.text)) m.set(u, 'hit');
    else if (/saved/.test(l.text)) m.set(u, 'saved');
    else if (/miss|no penetration/.test(l.text) && !m.has(u)) m.set(u, 'miss');
  }
  return m;
}

/**
 * The line of sight to draw while a turn resolves step by step: of the shot pointed at in the
 * step's lines, else of the step's first shot. The view gives sights on its own board.
 */
function stepPreview<B extends BoardKind>(
  resolving: ResolvePrompt | undefined,
  pointed: ResolvedLine | undefined,
): FirePreview<B> | undefined {
  if (!resolving) return undefined;
  const shot =
    pointed && resolving.happened.includes(pointed)
      ? pointed
      : resolving.happened.find((h) => h.sight);
  const sight = shot?.sight as SightView<B> | undefined;
  if (!sight) return undefined;
  return {
    legal: true,
    sight,
    range: sight.distance,
    band: undefined,
    steps: [],
    odds: [],
    templates: [],
    action: undefined,
  };
}

/** Whether the prompt lists the unit as still waiting for its order or plot. */
function pendingIn(prompt: Prompt, unit: string | undefined): boolean {
  return (
    unit !== undefined &&
    (prompt.kind === 'orders' || prompt.kind === 'plot') &&
    prompt.pending.includes(unit)
  );
}

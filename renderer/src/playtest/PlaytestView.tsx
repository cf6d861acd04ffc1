import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Point, ScenarioDoc, TableMap } from '../../../engine/format/types';
import {
  applyActions,
  currentState,
  playtestFor,
  readableLog,
  serializeGame,
  startGame,
  stateAt,
  undoLastHuman,
  botTurn,
  type TablePlaytestView,
  type Controller,
  type CounterView,
  type FirePreview,
  type GameAction,
  type LogLine,
  type PlaytestGame,
} from '../../../engine/playtest';
import { playSide } from '../../../engine/game/simulate';
import { getHost } from '../../host';
import { PlaytestBoard, type BoardModel, type BoardPointer } from './PlaytestBoard';
import { LogPanel, LogRow } from './LogPanel';
import { SetupDialog } from './SetupDialog';
import { formatClock, usePhaseClock } from './usePhaseClock';
import { GAME_FILTERS, loadGameText } from './loadGame';
import './playtest.css';

type Drag =
  | { kind: 'move'; unit: string; start: Point; moved: boolean }
  | { kind: 'face'; unit: string }
  | { kind: 'click'; start: Point };

interface GhostMove {
  path: readonly Point[];
  to: Point;
  ok: boolean;
  snapped: boolean;
}

interface GroupPlan {
  actions: GameAction[];
  ghosts: GhostMove[];
  notes: string[];
}

const BOT_DELAY_MS = 30;

/**
 * Playtest mode: the scenario on a read-only table, played against the rules engine through the
 * ruleset module. Everything the screen shows comes from that module, so another ruleset plugs
 * in without new screens.
 */
export function PlaytestView({
  scenario: given,
  initial,
  warnings,
  onExit,
}: {
  scenario: ScenarioDoc;
  /** A loaded game to continue (its ruleset was built from `scenario`). */
  initial?: PlaytestGame;
  /** What went wrong replaying a loaded game, shown once. */
  warnings?: readonly string[];
  onExit(): void;
}) {
  const [scenario, setScenario] = useState(given);
  const made = useMemo(() => playtestFor(scenario), [scenario]);
  const [game, setGame] = useState<PlaytestGame | null>(initial ?? null);
  const [problem, setProblem] = useState<{ title: string; text: string } | null>(
    warnings && warnings.length
      ? { title: 'Game loaded with warnings', text: warnings.join('\n') }
      : null,
  );
  const host = getHost();

  const loadGame = async () => {
    const f = await host.openFile(GAME_FILTERS);
    if (!f) return;
    const r = await loadGameText(f.text, f.name);
    if (!r.ok) {
      setProblem({ title: 'Cannot load the game', text: r.problems.join('\n') });
      return;
    }
    setScenario(r.scenario);
    setGame(r.game);
    if (r.warnings.length)
      setProblem({ title: 'Game loaded with warnings', text: r.warnings.join('\n') });
  };

  if (!made.ok) {
    return (
      <div className="playtest" data-testid="playtest">
        <div className="modal-backdrop">
          <div className="modal" role="alertdialog" aria-label="Cannot playtest">
            <h2>Cannot playtest this scenario</h2>
            <p>{made.reason}</p>
            <div className="button-row end">
              <button className="primary" onClick={onExit}>
                Back to editor
              </button>
            </div>
          </div>
        </div>
      </div>
    );
  }
  return (
    <>
      {game ? (
        <PlaytestGameView
          key={`${game.seed}:${game.view === made.view ? 'same' : 'loaded'}`}
          scenario={scenario}
          game={game}
          setGame={setGame}
          onExit={onExit}
          onNewGame={() => setGame(null)}
          onLoadGame={() => void loadGame()}
        />
      ) : (
        <div className="playtest" data-testid="playtest">
          <SetupDialog
            view={made.view}
            title={scenario.meta.title}
            onStart={(controllers, seed, settings) =>
              setGame(startGame(made.view, seed, controllers, settings))
            }
            onLoad={() => void loadGame()}
            onCancel={onExit}
          />
        </div>
      )}
      {problem && (
        <div className="modal-backdrop">
          <div className="modal" role="alertdialog" aria-label={problem.title}>
            <h2>{problem.title}</h2>
            <pre className="problems">{problem.text}</pre>
            <div className="button-row end">
              <button className="primary" onClick={() => setProblem(null)}>
                OK
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}

function PlaytestGameView({
  scenario,
  game,
  setGame,
  onExit,
  onNewGame,
  onLoadGame,
}: {
  scenario: ScenarioDoc;
  game: PlaytestGame;
  setGame: (g: PlaytestGame) => void;
  onExit(): void;
  onNewGame(): void;
  onLoadGame(): void;
}) {
  const rs = game.view as TablePlaytestView;
  const host = getHost();
  const sides = rs.game.sides;
  const colours = useMemo(() => Object.fromEntries(sides.map((s) => [s.id, s.colour])), [sides]);
  const sideName = (id: string | undefined) => sides.find((s) => s.id === id)?.name ?? id ?? '';
  const humans = sides.filter((s) => game.controllers[s.id] === 'human').map((s) => s.id);

  const [replayAt, setReplayAt] = useState<number | null>(null);
  const state = replayAt === null ? currentState(game) : stateAt(game, replayAt);
  const phase = rs.phase(state);
  const active = phase.waitingFor[0];
  const activeIsHuman = active !== undefined && game.controllers[active] === 'human';

  // Who is looking: in hot-seat the side that took the device; with one person, that person;
  // with only bots, or once the game is over, everybody.
  const [seatedSide, setSeatedSide] = useState<string | null>(null);
  const handover =
    humans.length >= 2 && !phase.over && replayAt === null && activeIsHuman && active !== seatedSide
      ? active
      : undefined;
  // While the device changes hands nobody's secrets show: '' is a viewer that owns no side.
  const liveOver = rs.phase(currentState(game)).over;
  const viewer: string | null =
    liveOver || humans.length === 0
      ? null
      : humans.length === 1
        ? humans[0]!
        : handover
          ? ''
          : seatedSide;

  // The selection belongs to one side's phase: it empties when the phase or the side changes.
  const phaseKey = `${phase.turn}:${phase.phase}:${active ?? ''}`;
  const [selection, setSelection] = useState<{ key: string; ids: readonly string[] }>({
    key: '',
    ids: [],
  });
  const setSelected = (ids: readonly string[]) => setSelection({ key: phaseKey, ids });
  const [hover, setHover] = useState<string | undefined>(undefined);
  const [hoverPoint, setHoverPoint] = useState<Point | undefined>(undefined);
  const [weaponPick, setWeapon] = useState<string | undefined>(undefined);
  const [ammo, setAmmo] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<{ text: string; bad: boolean } | null>(null);
  const [lastLines, setLastLines] = useState<readonly LogLine[]>([]);
  const [flashes, setFlashes] = useState<ReadonlyMap<string, string>>(new Map());
  const [ghost, setGhost] = useState<GroupPlan | null>(null);
  const [faceAt, setFaceAt] = useState<number | null>(null);
  const drag = useRef<Drag | null>(null);

  const counters = useMemo(() => rs.counters(state, viewer), [rs, state, viewer]);
  const byId = useMemo(() => new Map(counters.map((c) => [c.id, c])), [counters]);
  const selected = useMemo(
    () => (selection.key === phaseKey ? selection.ids.filter((id) => byId.has(id)) : []),
    [selection, phaseKey, byId],
  );
  const weapon = selection.key === phaseKey ? weaponPick : undefined;
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

  // Bots play their phase by themselves.
  useEffect(() => {
    if (replayAt !== null || phase.over || active === undefined || activeIsHuman) return;
    const t = setTimeout(() => {
      const r = botTurn(game, active);
      if (r.ok) setGame(r.game);
      else
        setMessage({ text: `The bot could not play side ${active}: ${r.reason}`, bad: true });
    }, BOT_DELAY_MS);
    return () => clearTimeout(t);
  }, [game, replayAt, phase.over, active, activeIsHuman, rs, setGame]);

  const reach = useMemo(() => {
    if (phase.prompt.kind !== 'move' || !primary || !canAct(primary)) return undefined;
    return rs.reachable(state, primary);
  }, [phase.prompt.kind, primary, canAct, rs, state]);

  const weapons = useMemo(
    () => (primary && phase.prompt.kind === 'fire' ? rs.weapons(state, primary) : []),
    [primary, phase.prompt.kind, rs, state],
  );
  const weaponChoice = weapons.find((w) => w.id === weapon) ?? weapons[0];
  const ammoChoice = weaponChoice?.ammo.includes(ammo ?? '') ? ammo : weaponChoice?.ammo[0];

  const preview: FirePreview | undefined = useMemo(() => {
    if (phase.prompt.kind !== 'fire' || !primary || !weaponChoice || !canAct(primary))
      return undefined;
    const target = hover ? byId.get(hover) : undefined;
    if (target && target.side !== byId.get(primary)?.side && target.kind !== 'wreck')
      return rs.previewFire(state, primary, weaponChoice.id, ammoChoice, { unit: target.id });
    if (weaponChoice.atPoint && hoverPoint)
      return rs.previewFire(state, primary, weaponChoice.id, ammoChoice, { at: hoverPoint });
    return undefined;
  }, [
    phase.prompt.kind,
    primary,
    weaponChoice,
    ammoChoice,
    canAct,
    hover,
    hoverPoint,
    byId,
    rs,
    state,
  ]);

  const commands = useMemo(
    () =>
      primary && phase.prompt.kind === 'move' && canAct(primary) ? rs.commands(state, primary) : [],
    [primary, phase.prompt.kind, canAct, rs, state],
  );

  const apply = (actions: readonly GameAction[], what: string): boolean => {
    const r = applyActions(game, actions);
    if (!r.ok) {
      setMessage({ text: `${what}: ${r.reason}${r.ruleId ? ` (${r.ruleId})` : ''}`, bad: true });
      return false;
    }
    const after = currentState(r.game);
    const lines = r.events.flatMap((e) =>
      rs.game.eventVisible(e, viewer, after) ? rs.describe(e, after) : [],
    );
    setLastLines(lines);
    setFlashes(flashesOf(lines));
    setMessage(null);
    setGame(r.game);
    return true;
  };

  const counterAt = (p: Point): CounterView | undefined => {
    let best: CounterView | undefined;
    let bestD = Infinity;
    for (const c of counters) {
      if (!c.at) continue;
      const d = Math.hypot(c.at[0] - p[0], c.at[1] - p[1]);
      const r = Math.max(c.size.length, c.size.width) / 2 + 0.15;
      if (d <= r && d < bestD) {
        best = c;
        bestD = d;
      }
    }
    return best;
  };

  const handlePoint = (): Point | undefined => {
    if (phase.prompt.kind !== 'move' || mine.length !== 1) return undefined;
    const c = byId.get(mine[0]!);
    if (!c?.at) return undefined;
    const facing = faceAt ?? c.facing;
    const r = Math.max(c.size.length, c.size.width) / 2 + 0.7;
    return [
      c.at[0] + r * Math.cos((facing * Math.PI) / 180),
      c.at[1] + r * Math.sin((facing * Math.PI) / 180),
    ];
  };

  /** Moves for every selected unit: the dragged (or first) unit goes to `to`, the rest keep formation. */
  const planGroup = (units: readonly string[], leader: string, to: Point): GroupPlan => {
    let s = state;
    const lead = byId.get(leader);
    const actions: GameAction[] = [];
    const ghosts: GhostMove[] = [];
    const notes: string[] = [];
    const offTable = units.filter((u) => !byId.get(u)?.at);
    // Units entering together come in as a column along the edge, a counter's width apart.
    const spacing = Math.max(0.8, ...offTable.map((u) => (byId.get(u)?.size.width ?? 0.6) + 0.3));
    units.forEach((u) => {
      const c = byId.get(u);
      if (!c) return;
      let target: Point;
      if (c.at && lead?.at) target = [to[0] + c.at[0] - lead.at[0], to[1] + c.at[1] - lead.at[1]];
      else {
        const k = offTable.indexOf(u);
        const off = (k - (offTable.length - 1) / 2) * spacing;
        target = [to[0], to[1] + off];
      }
      const plan = rs.planMove(s, u, target);
      if (!plan.ok) {
        ghosts.push({ path: c.at ? [c.at] : [target], to: target, ok: false, snapped: false });
        notes.push(`${c.label}: ${plan.reason}${plan.ruleId ? ` (${plan.ruleId})` : ''}`);
        return;
      }
      const r = rs.game.reduce(s, plan.action);
      if (!r.ok) {
        notes.push(`${c.label}: ${r.reason}`);
        return;
      }
      s = r.state;
      actions.push(plan.action);
      ghosts.push({ path: plan.path, to: plan.to, ok: true, snapped: plan.snapped });
      if (units.length === 1) notes.push(plan.explanation);
    });
    return { actions, ghosts, notes };
  };

  const onDown = (p: BoardPointer) => {
    if (replayAt !== null || handover) return;
    const hit = counterAt(p.at);
    const hp = handlePoint();
    if (hp && Math.hypot(hp[0] - p.at[0], hp[1] - p.at[1]) < 0.45) {
      drag.current = { kind: 'face', unit: mine[0]! };
      return;
    }
    if (phase.prompt.kind === 'fire') {
      if (hit && canAct(hit.id)) {
        setSelected([hit.id]);
        return;
      }
      const target = hit && primary && hit.side !== byId.get(primary)?.side ? hit : undefined;
      if (preview && (target || weaponChoice?.atPoint)) {
        if (preview.legal && preview.action) apply([preview.action], 'Fire');
        else
          setMessage({
            text: `Cannot fire: ${preview.reason ?? 'not possible'}${preview.ruleId ? ` (${preview.ruleId})` : ''}`,
            bad: true,
          });
        return;
      }
      if (!hit) setSelected([]);
      else setSelected([hit.id]);
      return;
    }
    if (hit && canAct(hit.id)) {
      const next = p.shift
        ? selected.includes(hit.id)
          ? selected.filter((x) => x !== hit.id)
          : [...selected, hit.id]
        : selected.includes(hit.id)
          ? selected
          : [hit.id];
      setSelected(next);
      if (phase.prompt.kind === 'move')
        drag.current = { kind: 'move', unit: hit.id, start: p.at, moved: false };
      return;
    }
    if (hit) {
      setSelected([hit.id]);
      return;
    }
    drag.current = { kind: 'click', start: p.at };
  };

  const onMove = (p: BoardPointer) => {
    const d = drag.current;
    if (d?.kind === 'face') {
      const c = byId.get(d.unit);
      if (c?.at) setFaceAt((Math.atan2(p.at[1] - c.at[1], p.at[0] - c.at[0]) * 180) / Math.PI);
      return;
    }
    if (d?.kind === 'move') {
      if (!d.moved && Math.hypot(p.at[0] - d.start[0], p.at[1] - d.start[1]) < 0.25) return;
      d.moved = true;
      setGhost(planGroup(mine.length ? mine : [d.unit], d.unit, p.at));
      return;
    }
    const hit = counterAt(p.at);
    setHover(hit?.id);
    setHoverPoint(p.at);
  };

  const onUp = (p: BoardPointer) => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    if (d.kind === 'face') {
      const a = faceAt !== null ? rs.faceAction(state, d.unit, (faceAt + 360) % 360) : undefined;
      setFaceAt(null);
      if (a) apply([a], 'Face');
      return;
    }
    if (d.kind === 'move') {
      setGhost(null);
      if (!d.moved) {
        // A click on a unit of the selection picks that one unit out of its group.
        if (!p.shift) setSelected([d.unit]);
        return;
      }
      const plan = planGroup(mine.length ? mine : [d.unit], d.unit, p.at);
      commitMoves(plan);
      return;
    }
    // A click on the table: with units selected in the Movement phase, move them there.
    if (Math.hypot(p.at[0] - d.start[0], p.at[1] - d.start[1]) > 0.3) return;
    if (phase.prompt.kind === 'move' && mine.length > 0) {
      commitMoves(planGroup(mine, mine[0]!, p.at));
      return;
    }
    setSelected([]);
  };

  const commitMoves = (plan: GroupPlan) => {
    if (plan.actions.length === 0) {
      setMessage({ text: `Cannot move: ${plan.notes.join('; ') || 'no legal move'}`, bad: true });
      return;
    }
    if (apply(plan.actions, 'Move') && plan.notes.length)
      setMessage({ text: plan.notes.join('; '), bad: plan.actions.length < mine.length });
  };

  // Ctrl+Z takes back the last action; Escape drops the selection.
  const undoRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target;
      if (t instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName)) return;
      if (e.key.toLowerCase() === 'z' && (e.ctrlKey || e.metaKey) && !e.shiftKey) {
        e.preventDefault();
        undoRef.current();
      } else if (e.key === 'Escape') setSelection({ key: '', ids: [] });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const endPhase = () => {
    if (!active) return;
    apply([rs.game.endPhaseAction(state, active)], 'End phase');
  };

  // The real-time limit (when the players chose it): it runs only while a person has the device.
  const clock = usePhaseClock(
    game.clock && !phase.over && activeIsHuman ? rs.clock(state) : undefined,
    phaseKey,
    replayAt === null && !handover && activeIsHuman,
    () => {
      if (active) apply([rs.game.endPhaseAction(currentState(game), active, true)], 'Time up');
    },
  );

  /** Ends every phase left in this turn: people pass, bots still play their phases. */
  const endTurn = () => {
    const startTurn = phase.turn;
    let s = currentState(game);
    const actions: GameAction[] = [];
    for (let guard = 0; guard < 64; guard++) {
      const ph = rs.phase(s);
      const side = ph.waitingFor[0];
      if (ph.over || ph.turn !== startTurn || side === undefined) break;
      const turn = playSide(
        rs.game,
        s,
        side,
        game.controllers[side] === 'bot'
          ? { kind: 'bot' }
          : { kind: 'source', next: (at, who) => [rs.game.endPhaseAction(at, who)] },
      );
      if ('refused' in turn || turn.actions.length === 0) break;
      s = turn.state;
      actions.push(...turn.actions);
    }
    if (actions.length) apply(actions, 'End turn');
  };

  const undo = () => {
    const g = undoLastHuman(game);
    setGame(g);
    setLastLines([]);
    setFlashes(new Map());
    setMessage({ text: `Undone: back to action ${g.entries.length}`, bad: false });
  };

  useEffect(() => {
    undoRef.current = () => {
      if (game.entries.length > 0 && replayAt === null) undo();
    };
  });

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
      if (saved) setMessage({ text: `Game saved as ${saved.name}`, bad: false });
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

  const model: BoardModel = {
    table: rs.table,
    // While the facing knob is dragged, the counter turns with it.
    counters:
      faceAt === null || mine.length !== 1
        ? counters
        : counters.map((c) => (c.id === mine[0] ? { ...c, facing: faceAt } : c)),
    colours,
    selected: new Set(selected),
    hover,
    actors: new Set(counters.filter((c) => canAct(c.id)).map((c) => c.id)),
    reach: ghost ? reach : reach,
    ghost: ghost ? { moves: ghost.ghosts } : undefined,
    sight: preview?.sight,
    templates: preview?.templates ?? [],
    objectives: rs.objectives(state, viewer),
    handle: (() => {
      const hp = handlePoint();
      const c = mine.length === 1 ? byId.get(mine[0]!) : undefined;
      return hp && c ? { at: hp, facing: faceAt ?? c.facing } : undefined;
    })(),
    flashes: replayAt === null ? flashes : new Map(),
    entryEdges: (scenario.deployment.entryEdges ?? []).map((e) => ({
      side: e.side,
      label: e.label ?? e.edge,
      area: {
        shape: 'edgeStrip',
        edge: e.edge,
        depth: 0.3,
        ...(e.from !== undefined ? { from: e.from } : {}),
        ...(e.to !== undefined ? { to: e.to } : {}),
      },
    })),
  };

  const result = rs.game.result(state);
  const log = useMemo(() => readableLog(game, viewer), [game, viewer]);
  const listSide = viewer ?? active ?? sides[0]?.id;

  return (
    <div className="playtest" data-testid="playtest">
      <header className="playtest-top">
        <div className="tracker" data-testid="phase-tracker">
          <span className="tracker-turn" data-testid="turn">
            Turn {phase.turn}
            {phase.turnLimit ? ` of ${phase.turnLimit}` : ''}
          </span>
          <span className="tracker-phases">
            {phase.phases.map((p) => (
              <span key={p.id} className={p.id === phase.phase ? 'phase current' : 'phase'}>
                {p.label}
              </span>
            ))}
          </span>
          <span className="tracker-active" data-testid="active-side">
            {phase.over
              ? 'Game over'
              : active
                ? `${sideName(active)} to act (${game.controllers[active] === 'bot' ? 'bot' : 'person'})`
                : ''}
            {phase.phaseRuleId ? <span className="rule"> {phase.phaseRuleId}</span> : null}
          </span>
          {clock && (
            <span
              className={`tracker-clock${clock.remaining <= 30 ? ' low' : ''}`}
              data-testid="phase-clock"
              title={`Time left for ${sideName(active)} (${clock.limit.ruleId}); then ${clock.limit.onTimeUp}`}
            >
              {formatClock(clock.remaining)}
              <button
                className="link"
                onClick={clock.togglePause}
                aria-label={clock.paused ? 'Resume the clock' : 'Pause the clock'}
              >
                {clock.paused ? 'Resume' : 'Pause'}
              </button>
            </span>
          )}
        </div>
        <div className="playtest-actions">
          <button
            className="primary"
            data-testid="end-phase"
            title={
              active
                ? `End the ${phase.phaseLabel.toLowerCase()} phase for ${sideName(active)}`
                : undefined
            }
            disabled={!activeIsHuman || !!handover || replayAt !== null || phase.over}
            onClick={endPhase}
          >
            {phase.over ? 'Game over' : `End ${phase.phaseLabel.toLowerCase()}`}
          </button>
          <button
            data-testid="end-turn"
            disabled={!activeIsHuman || !!handover || replayAt !== null || phase.over}
            onClick={endTurn}
            title="End every phase left in this turn (bots still play theirs)"
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
          <button onClick={() => void saveGame()}>Save game</button>
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
          <PlaytestBoard
            map={scenario.map as TableMap}
            model={model}
            onDown={onDown}
            onMove={onMove}
            onUp={onUp}
            onLeave={() => {
              setHover(undefined);
              setHoverPoint(undefined);
            }}
          />
          {message && (
            <div
              className={message.bad ? 'playtest-message bad' : 'playtest-message'}
              data-testid="playtest-message"
            >
              {message.text}
            </div>
          )}
          {hover && !ghost && byId.get(hover) && (
            <div className="playtest-hover" data-testid="hover-label">
              {byId.get(hover)!.label}
              {byId.get(hover)!.status.length ? ` — ${byId.get(hover)!.status.join(', ')}` : ''}
            </div>
          )}
          {ghost && ghost.notes.length > 0 && (
            <div className="playtest-ghost-note" data-testid="move-preview">
              {ghost.notes.join('; ')}
            </div>
          )}
          {result && (
            <div className="playtest-result" data-testid="game-result">
              {result.text}
            </div>
          )}
        </div>
        <aside className="playtest-right">
          <section className="pt-section" data-testid="todo">
            <h3>{phase.phaseLabel}</h3>
            {sides.map((s) => (
              <div key={s.id} className="todo-side">
                <b style={{ color: s.colour }}>{s.name}</b>
                <span className="muted"> ({game.controllers[s.id]})</span>
                <ul>
                  {(phase.todo[s.id] ?? []).map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
              </div>
            ))}
            <p className="muted hint">
              {phase.prompt.kind === 'move'
                ? 'Select a unit or a squad, then drag it or click where it goes. Drag the yellow knob to face.'
                : phase.prompt.kind === 'fire'
                  ? 'Select a shooter, hover a target for sight and odds, click to fire.'
                  : ''}
            </p>
          </section>
          <UnitPanel
            counter={primaryCounter}
            count={selected.length}
            reach={reach}
            commands={commands}
            onCommand={(a, label) => apply([a], label)}
          />
          {phase.prompt.kind === 'fire' && primaryCounter && weapons.length > 0 && (
            <section className="pt-section" data-testid="weapons">
              <h3>Weapon</h3>
              <select
                value={weaponChoice?.id}
                onChange={(e) => setWeapon(e.target.value)}
                data-testid="weapon-select"
              >
                {weapons.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.label} ({w.remaining})
                  </option>
                ))}
              </select>
              {weaponChoice && weaponChoice.ammo.length > 0 && (
                <span className="ammo-choice">
                  {weaponChoice.ammo.map((k) => (
                    <label key={k}>
                      <input type="radio" checked={ammoChoice === k} onChange={() => setAmmo(k)} />{' '}
                      {k}
                    </label>
                  ))}
                </span>
              )}
            </section>
          )}
          {preview && <FirePanel preview={preview} />}
          {lastLines.length > 0 && (
            <section className="pt-section" data-testid="last-result">
              <h3>Result</h3>
              {lastLines.map((l, i) => (
                <LogRow key={i} line={l} />
              ))}
            </section>
          )}
          <section className="pt-section" data-testid="objectives">
            <h3>Objectives</h3>
            {rs.objectives(state, viewer).map((o) => (
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

function ForcesList({
  counters,
  side,
  sideName,
  canAct,
  selected,
  onFormation,
  onUnit,
}: {
  counters: readonly CounterView[];
  side: string | undefined;
  sideName: string;
  canAct(id: string): boolean;
  selected: readonly string[];
  onFormation(f: string): void;
  onUnit(id: string): void;
}) {
  const own = counters.filter((c) => c.side === side && c.kind !== 'wreck');
  const formations = new Map<string, CounterView[]>();
  for (const c of own) formations.set(c.formation, [...(formations.get(c.formation) ?? []), c]);
  const sel = new Set(selected);
  return (
    <section className="pt-section forces" data-testid="forces">
      <h3>{sideName}</h3>
      {[...formations.entries()].map(([f, units]) => {
        const off = units.filter((u) => !u.at && !u.embarkedIn).length;
        const open = units.some((u) => sel.has(u.id));
        return (
          <div key={f} className="formation">
            <button
              className={open ? 'formation-row open' : 'formation-row'}
              onClick={() => onFormation(f)}
              disabled={!units.some((u) => canAct(u.id))}
              data-testid={`formation-${f}`}
            >
              {units[0]!.formationLabel} ({units.length}
              {off ? `, ${off} off table` : ''})
            </button>
            {open && (
              <ul>
                {units.map((u) => (
                  <li key={u.id}>
                    <button
                      className={sel.has(u.id) ? 'unit-row selected' : 'unit-row'}
                      onClick={() => onUnit(u.id)}
                    >
                      {u.glyph} {u.id}
                      {u.embarkedIn ? ` (in ${u.embarkedIn})` : !u.at ? ' (off table)' : ''}
                      {u.status.length ? ` — ${u.status.join(', ')}` : ''}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}

function UnitPanel({
  counter,
  count,
  reach,
  commands,
  onCommand,
}: {
  counter: CounterView | undefined;
  count: number;
  reach: ReturnType<TablePlaytestView['reachable']>;
  commands: ReturnType<TablePlaytestView['commands']>;
  onCommand(a: GameAction, label: string): void;
}) {
  if (!counter) return null;
  return (
    <section className="pt-section" data-testid="unit-panel">
      <h3>{count > 1 ? `${count} units selected` : 'Unit'}</h3>
      <div className="unit-label">{counter.label}</div>
      <div className="muted">
        {counter.at
          ? `at (${counter.at[0].toFixed(1)}, ${counter.at[1].toFixed(1)}), facing ${Math.round(counter.facing)}°`
          : counter.embarkedIn
            ? `riding in ${counter.embarkedIn}`
            : 'off the table'}
        {counter.status.length ? ` — ${counter.status.join(', ')}` : ''}
      </div>
      {reach && (
        <div className="reach-legend" data-testid="reach-legend">
          <div>
            Rate {reach.rate}; {Math.round(reach.budget * 100)}% of the move left
          </div>
          {reach.entry && (
            <div>Enters from its edge, up to {reach.entry.depth.toFixed(1)}" in (TP-4.1)</div>
          )}
          <div>
            <span className="swatch near" /> {reach.bands[0]?.label}
          </div>
          <div>
            <span className="swatch far" /> {reach.bands[1]?.label}
          </div>
          {reach.bands[2] && (
            <div>
              <span className="swatch road" /> {reach.bands[2].label}
            </div>
          )}
        </div>
      )}
      {commands.length > 0 && (
        <div className="commands">
          {commands.map((c) => (
            <button
              key={c.id}
              disabled={!c.action}
              title={
                c.disabledReason
                  ? `${c.disabledReason}${c.ruleId ? ` (${c.ruleId})` : ''}`
                  : undefined
              }
              onClick={() => c.action && onCommand(c.action, c.label)}
            >
              {c.label}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function FirePanel({ preview }: { preview: FirePreview }) {
  const s = preview.sight;
  return (
    <section className="pt-section" data-testid="fire-preview">
      <h3>Shot</h3>
      {s && (
        <div className={s.visible ? 'los clear' : 'los blocked'} data-testid="los">
          {s.visible
            ? `Line of sight clear, ${s.distance.toFixed(1)}"${s.cover !== 'none' ? `; target in ${s.cover} cover${s.coverFrom ? ` (${s.coverFrom})` : ''}` : ''} (${s.ruleId})`
            : `Line of sight blocked by ${s.blockedBy?.name ?? 'terrain'} (${s.blockedBy?.kind ?? ''}) at ${s.blockedBy?.at.toFixed(1) ?? '?'}" — ${s.blockedBy?.ruleId ?? s.ruleId}`}
        </div>
      )}
      {!preview.legal && (
        <div className="bad" data-testid="fire-refused">
          Cannot fire: {preview.reason}
          {preview.ruleId ? ` (${preview.ruleId})` : ''}
        </div>
      )}
      {preview.legal && (
        <>
          <div>
            Range {preview.range?.toFixed(1)}" — band {preview.band}
          </div>
          {preview.steps.map((st, i) => (
            <div key={i} className="step">
              <b>{st.label}</b>: {st.base} → needs <b>{st.needed}</b>{' '}
              <span className="rule">{st.ruleId}</span>
              {st.modifiers.length > 0 && (
                <ul>
                  {st.modifiers.map((m, k) => (
                    <li key={k}>
                      {m.value >= 0 ? '+' : '−'}
                      {Math.abs(m.value)} {m.label} <span className="rule">{m.ruleId}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
          <div className="odds" data-testid="odds">
            {preview.odds.map((o) => (
              <div key={o.label}>
                {o.label}:{' '}
                <b>
                  {o.label.startsWith('expected') ? o.p.toFixed(2) : `${(o.p * 100).toFixed(1)}%`}
                </b>
                {!o.label.startsWith('expected') && ` (${fraction(o.p)})`}
              </div>
            ))}
          </div>
          <div className="muted">Click the target to fire.</div>
        </>
      )}
    </section>
  );
}

/** A probability as a fraction of 36 or 6 when it is one (dice odds are). */
function fraction(p: number): string {
  for (const d of [6, 36, 216]) {
    const n = p * d;
    if (Math.abs(n - Math.round(n)) < 1e-9) return `${Math.round(n)}/${d}`;
  }
  return p.toFixed(3);
}

export type { Controller };

import { defineView } from '../../../playtest/viewBase';
import type { GameAction, Viewer } from '../../../game/gameDef';
import { hexsideToward } from '../../../hex/hexside';
import type {
  CardView,
  CounterView,
  FirePreview,
  HexCell,
  HexMarks,
  HexPlaytestView,
  HexReach,
  PhaseInfo,
  Prompt,
  SightView,
  UnitCommand,
  WeaponChoice,
} from '../../../playtest/view';
import type { Ww1Context, Ww1Game } from '../game';
import { battleOdds } from '../rules/odds';
import {
  cellDistance,
  cellKey,
  hexName,
  orderProblem,
  planBattle,
  reduceWw1,
  sectionsOf,
  sightBlock,
  sightLine,
  specOf,
  unitAt,
  type Ww1Action,
  type Ww1Event,
  type Ww1State,
  type Ww1Unit,
} from '../rules/turn';
import { describeWw1 } from './log';

/**
 * The WWI game on the hex board: the hand of command and combat cards shown to its owner, the
 * card's sections lit, units ordered from the phase panel, moves by a click on a shaded hex,
 * battles by a click on the target with the dice, flag ignores and exact odds shown first, wire
 * gone from the map where tanks crossed it, gain ground and bonus combat in the log and prompts.
 */

const PHASES = [
  { id: 'play', label: 'Command card', ruleId: 'WW-G1' },
  { id: 'order', label: 'Order units', ruleId: 'WW-2.1' },
  { id: 'move', label: 'Move', ruleId: 'WW-3' },
  { id: 'battle', label: 'Battle', ruleId: 'WW-4' },
] as const;

export function ww1View(ctx: Ww1Context, game: Ww1Game): HexPlaytestView<Ww1State, Ww1Event> {
  const b = ctx.board;
  const rules = ctx.rules;
  const sideName = (id: string) => ctx.sideNames.get(id) ?? id;
  const name = (id: string) => ctx.names.get(id) ?? id;

  const commandView = (s: Ww1State, side: string, card: string, i: number): CardView => {
    const c = rules.commands[card]!;
    const action: Ww1Action = { type: 'playCard', card };
    const r = s.active === side ? reduceWw1(b, s, action) : undefined;
    const why =
      s.active !== side ? `${sideName(s.active)} is playing` : r && !r.ok ? r.reason : undefined;
    return {
      id: `${card}@${i}`,
      name: c.name,
      text: c.text,
      action: r?.ok ? action : undefined,
      ...(why ? { disabledReason: why } : {}),
      ruleId: c.noGainGround ? 'WW-6.3(b)' : 'WW-G1',
    };
  };

  const combatView = (card: string, i: number): CardView => {
    const c = rules.combats[card]!;
    return {
      id: `${card}@combat${i}`,
      name: `${c.name} (combat card)`,
      text: c.text,
      action: undefined,
      disabledReason: `played with a ${c.battle} combat: pick it as the weapon when a unit battles`,
      ruleId: c.playableByTanks ? 'WW-5.5' : 'WW-G1',
    };
  };

  /** The hand of a side: command cards, then combat cards. */
  const hand = (s: Ww1State, side: string): CardView[] => [
    ...(s.deck.hands[side] ?? []).map((c, i) => commandView(s, side, c, i)),
    ...(s.combat.hands[side] ?? []).map((c, i) => combatView(c, i)),
  ];

  const orderable = (s: Ww1State) =>
    Object.values(s.units)
      .filter((u) => u.side === s.active && !orderProblem(b, s, u.id))
      .map((u) => u.id);

  const prompt = (s: Ww1State): Prompt => {
    switch (s.phase) {
      case 'play':
        return { kind: 'cards', hand: hand(s, s.active) };
      case 'order': {
        const c = rules.commands[s.card!]!;
        const done = Object.values(s.units).filter((u) => u.ordered).length;
        return {
          kind: 'orders',
          pending: done >= c.units ? [] : orderable(s),
          hint: `${c.name}: order up to ${c.units} unit${c.units === 1 ? '' : 's'} in ${c.sections.join(' or ')} (${done} ordered), then move them; End order units goes on to moving.`,
        };
      }
      case 'move':
        return { kind: 'move' };
      case 'battle':
        return { kind: 'fire' };
      case 'over':
        return { kind: 'wait', for: [] };
    }
  };

  /** Combat cards in the acting side's hand that let a unit battle without an order (WW-A6). */
  const unorderedCards = (s: Ww1State) =>
    [...new Set(s.combat.hands[s.active] ?? [])].filter((c) => rules.combats[c]?.unorderedUnit);

  const mayBattle = (s: Ww1State, u: Ww1Unit) =>
    s.phase === 'battle' &&
    u.side === s.active &&
    (u.bonusOpen ||
      (u.ordered && !u.battled) ||
      (!u.ordered && !u.battled && unorderedCards(s).length > 0));

  const todo = (s: Ww1State): Record<string, string[]> => {
    const out: Record<string, string[]> = {};
    for (const side of s.sides) {
      const lines = [`${s.medals[side] ?? 0} of ${b.medalsToWin} medals`];
      if (side === s.active && s.phase !== 'over') {
        const own = Object.values(s.units).filter((u) => u.side === side);
        if (s.phase === 'play') lines.push('play a command card');
        if (s.phase === 'order') lines.push(`${own.filter((u) => u.ordered).length} units ordered`);
        if (s.phase === 'move')
          lines.push(`${own.filter((u) => u.ordered && !u.moved).length} ordered units may move`);
        if (s.phase === 'battle') {
          lines.push(`${own.filter((u) => mayBattle(s, u)).length} units may battle`);
          for (const u of own.filter((x) => x.bonusOpen))
            lines.push(`${name(u.id)}: bonus combat open (optional)`);
        }
      }
      out[side] = lines;
    }
    return out;
  };

  const glyph = (u: Ww1Unit): string => {
    const spec = specOf(b, u);
    if (spec.cls === 'tank') return spec.sex === 'male' ? 'M' : 'F';
    return spec.name
      .replace(/\(.*\)/, '')
      .split(/[\s-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('');
  };

  const counter = (s: Ww1State, u: Ww1Unit): CounterView<'hex'> => {
    const spec = specOf(b, u);
    const status: string[] = [];
    if (u.ordered) status.push('ordered');
    if (u.moved) status.push('moved');
    if (u.stopped) status.push('stopped by terrain');
    if (u.battled && !u.bonusOpen) status.push('battled');
    if (u.bonusOpen) status.push('bonus combat');
    if (u.bogged) status.push('bogged down');
    const toward = b.retreatRow[u.side] === 1 ? -90 : 90;
    return {
      id: u.id,
      side: u.side,
      label: name(u.id),
      glyph: glyph(u),
      kind: spec.cls === 'tank' ? 'vehicle' : spec.cls === 'gun' ? 'gun' : 'figure',
      formation: u.side,
      formationLabel: sideName(u.side),
      at: u.at,
      facing: hexsideToward(b.map.orientation, toward),
      turret: undefined,
      size: { length: 1, width: 1 },
      embarkedIn: null,
      passengers: [],
      status,
      badges: [`${u.figures}`, ...(u.ordered ? ['★'] : [])],
      moved: u.moved ? 1 : 0,
      alive: true,
    };
  };

  /** Every legal path of an ordered unit this move, by the hex it ends on. */
  const reach = (s: Ww1State, id: string): Map<string, HexCell[]> => {
    const out = new Map<string, HexCell[]>();
    const u = s.units[id];
    if (!u || s.phase === 'battle' || s.phase === 'play' || s.phase === 'over') return out;
    if (!u.ordered || u.moved || u.bogged || u.side !== s.active) return out;
    let frontier: HexCell[][] = [[]];
    for (let step = 0; step < specOf(b, u).move; step++) {
      const next: HexCell[][] = [];
      for (const p of frontier) {
        const from = p.at(-1) ?? u.at;
        for (const n of neighboursOf(from)) {
          const k = cellKey(n);
          if (out.has(k) || k === cellKey(u.at) || unitAt(s, n)) continue;
          const path = [...p, n];
          if (!reduceWw1(b, s, { type: 'move', unit: id, path }).ok) continue;
          out.set(k, path);
          next.push(path);
        }
      }
      frontier = next;
    }
    return out;
  };

  const neighboursOf = (c: HexCell): HexCell[] => {
    const out: HexCell[] = [];
    for (let dc = -1; dc <= 1; dc++)
      for (let dr = -1; dr <= 1; dr++) {
        const n = { col: c.col + dc, row: c.row + dr };
        if (n.col < 0 || n.row < 0 || n.col >= b.map.columns || n.row >= b.map.rows) continue;
        if (cellDistance(b, c, n) === 1) out.push(n);
      }
    return out;
  };

  const sightView = (s: Ww1State, from: HexCell, to: HexCell): SightView<'hex'> => {
    const block = sightBlock(b, s, from, to);
    const line = sightLine(b, from, to, 'left');
    const at = block ? line.findIndex((h) => cellKey(h) === cellKey(block.at)) : -1;
    const lineHexes = at < 0 && block ? sightLine(b, from, to, 'right') : line;
    return {
      from,
      to,
      hexes: lineHexes,
      visible: !block,
      distance: cellDistance(b, from, to),
      ...(block
        ? {
            blockedBy: {
              id: cellKey(block.at),
              name: block.what,
              kind: block.what.startsWith('unit ') ? 'unit' : 'terrain',
              at: Math.max(
                0,
                lineHexes.findIndex((h) => cellKey(h) === cellKey(block.at)),
              ),
              ruleId: 'WW-G6',
            },
          }
        : {}),
      cover: 'none',
      ruleId: 'WW-G6',
      crossed: lineHexes.slice(1, -1).map((h) => {
        const hex = b.hexes.get(cellKey(h));
        return `${hexName(h)} ${hex?.terrain ?? b.map.defaultTerrain ?? 'clear'}`;
      }),
    };
  };

  const sectionHexes = (sections: readonly string[]): HexCell[] => {
    const out: HexCell[] = [];
    for (let col = 0; col < b.map.columns; col++)
      for (let row = 0; row < b.map.rows; row++)
        if (sectionsOf(b, { col, row }).some((x) => sections.includes(x))) out.push({ col, row });
    return out;
  };

  return defineView<Ww1State, Ww1Event, 'hex'>({
    board: 'hex',
    game,
    label: 'WWI',
    table: { width: b.map.columns, height: b.map.rows },
    phase(s): PhaseInfo {
      const p = PHASES.find((x) => x.id === s.phase);
      return {
        turn: s.turn,
        turnLimit: s.turnLimit,
        phase: s.phase,
        phaseLabel: p?.label ?? 'Game over',
        phaseRuleId: p?.ruleId,
        phases: PHASES.map(({ id, label }) => ({ id, label })),
        waitingFor: s.phase === 'over' ? [] : [s.active],
        todo: todo(s),
        prompt: prompt(s),
        over: s.phase === 'over',
      };
    },
    promptFor(s, viewer: Viewer): Prompt {
      if (s.phase === 'over') return { kind: 'wait', for: [] };
      if (viewer === null || viewer === s.active) return prompt(s);
      // Another side looks: its own hand, nothing of the acting side's.
      if (s.sides.includes(viewer)) return { kind: 'cards', hand: hand(s, viewer) };
      return { kind: 'wait', for: [s.active] };
    },
    hexMarks(s): HexMarks {
      const changed = s.wireCleared.map((k) => {
        const [col, row] = k.split(',').map(Number) as [number, number];
        const hex = b.hexes.get(k);
        return {
          cell: { col, row },
          set: {
            wire: false,
            stopsMovement: false,
            ...(hex?.terrain === 'wire' ? { terrain: b.map.defaultTerrain ?? 'clear' } : {}),
          },
        };
      });
      const c =
        s.card && s.phase !== 'play' && s.phase !== 'over' ? rules.commands[s.card] : undefined;
      return {
        changed,
        ...(c
          ? {
              highlight: {
                hexes: sectionHexes(c.sections),
                label: `${c.name}: ${c.sections.join(', ')}`,
              },
            }
          : {}),
      };
    },
    counters: (s) => Object.values(s.units).map((u) => counter(s, u)),
    objectives: (s) =>
      b.objectives.map((o) => {
        const held = o.hexes.some((h) => unitAt(s, h)?.side === o.owner);
        return {
          id: o.id,
          name: o.name,
          owner: o.owner,
          area: { shape: 'hexes', hexes: o.hexes.map((h) => ({ ...h })) },
          known: true,
          revealed: true,
          held: held ? 1 : 0,
          needed: 1,
          text: `${o.name}: ${o.medals} medal for ${sideName(o.owner)} while a unit of theirs stands in it (${held ? 'held' : 'not held'})`,
        };
      }),
    score: (s) =>
      s.sides.map((side) => ({
        side,
        label: sideName(side),
        value: `${s.medals[side] ?? 0} / ${b.medalsToWin} medals`,
      })),
    canAct(s, id, side) {
      const u = s.units[id];
      if (!u || u.side !== side || s.active !== side) return false;
      if (s.phase === 'order') return !orderProblem(b, s, id) || u.ordered;
      if (s.phase === 'move') return u.ordered && !u.moved && !u.bogged;
      return mayBattle(s, u);
    },
    commands(s, id): UnitCommand[] {
      const u = s.units[id];
      if (!u || u.side !== s.active || s.phase !== 'order') return [];
      const problem = orderProblem(b, s, id);
      return [
        {
          id: 'order',
          label: u.ordered ? 'Ordered' : 'Order',
          action: problem ? undefined : { type: 'order', units: [id] },
          ...(problem ? { disabledReason: problem } : {}),
          ruleId: 'WW-2.1',
        },
      ];
    },
    reachable(s, id) {
      const paths = reach(s, id);
      if (paths.size === 0) return undefined;
      const move = specOf(b, s.units[id]!).move;
      const hexes: HexReach[] = [...paths.values()].map((p) => ({
        cell: p.at(-1)!,
        cost: p.length / move,
      }));
      return {
        grid: undefined,
        hexes,
        budget: 1,
        rate: `${move} hex${move === 1 ? '' : 'es'}`,
        bands: [{ max: 1, label: 'this move (wire and stop terrain end it; tanks crush wire)' }],
      };
    },
    planMove(s, id, to) {
      const path = reach(s, id).get(cellKey(to));
      if (!path) {
        const u = s.units[id];
        const why = !u
          ? `no unit ${id}`
          : !u.ordered
            ? `${name(id)} is not ordered this turn`
            : u.moved
              ? `${name(id)} has moved`
              : `${hexName(to)} is out of reach of ${name(id)}`;
        return { ok: false, reason: why, ruleId: 'WW-2.1' };
      }
      const action: Ww1Action = { type: 'move', unit: id, path };
      return {
        ok: true,
        action,
        to,
        path: [s.units[id]!.at, ...path],
        snapped: false,
        explanation: `${name(id)} moves ${path.length} hex${path.length === 1 ? '' : 'es'} to ${hexName(to)}`,
      };
    },
    weapons(s, id): WeaponChoice[] {
      const u = s.units[id];
      if (!u || !mayBattle(s, u)) return [];
      const spec = specOf(b, u);
      const maxRange = spec.rangedDice.length + 1;
      const base: WeaponChoice = {
        id: 'battle',
        label: u.bonusOpen ? 'Bonus combat' : 'Battle',
        ammo: [],
        atPoint: false,
        maxRange,
        remaining: u.bonusOpen
          ? 'bonus combat, optional'
          : `close ${spec.closeDice}, ranged ${spec.rangedDice.join('/') || 'none'} dice`,
      };
      const withoutOrder = !u.ordered && !u.bonusOpen;
      const cards = [...new Set(s.combat.hands[s.active] ?? [])]
        .map((c) => rules.combats[c]!)
        .filter((c) => spec.cls !== 'tank' || c.playableByTanks)
        .filter((c) => !withoutOrder || c.unorderedUnit)
        .map((c): WeaponChoice => ({
          id: c.id,
          label: `${base.label} with ${c.name}`,
          ammo: [],
          atPoint: false,
          maxRange: c.battle === 'close' ? 1 : maxRange,
          remaining: `combat card (${c.battle})`,
        }));
      return withoutOrder ? cards : [base, ...cards];
    },
    previewFire(s, shooter, weapon, _ammo, target): FirePreview<'hex'> {
      const u = s.units[shooter];
      const t = target.unit ? s.units[target.unit] : undefined;
      const none = (reason: string, ruleId?: string): FirePreview<'hex'> => ({
        legal: false,
        reason,
        ...(ruleId ? { ruleId } : {}),
        sight: u && t ? sightView(s, u.at, t.at) : undefined,
        range: u && t ? cellDistance(b, u.at, t.at) : undefined,
        band: undefined,
        steps: [],
        odds: [],
        templates: [],
        action: undefined,
      });
      if (!u) return none(`no unit ${shooter}`);
      if (!t) return none('point at an enemy unit to battle it');
      const card = weapon === 'battle' ? undefined : weapon;
      const p = planBattle(b, s, shooter, t.id, card);
      if (!p.ok) return none(p.reason, p.ruleId);
      const plan = p.plan;
      const o = battleOdds(b, s, t.id, plan);
      const action: GameAction = {
        type: 'battle',
        unit: shooter,
        target: t.id,
        ...(card ? { card } : {}),
      };
      return {
        legal: true,
        ruleId: plan.ruleIds[0] ?? 'WW-4',
        sight: sightView(s, u.at, t.at),
        range: plan.distance,
        band: plan.close ? 'close combat' : `ranged, ${plan.distance} hexes`,
        steps: [
          {
            label: 'Battle dice',
            base: `${plan.baseDice}`,
            modifiers: plan.diceModifiers,
            needed: `${plan.dice} dice; ${plan.hitSymbols.join(' or ')} hits`,
            ruleId: plan.close ? 'WW-5.1' : 'WW-4.1',
          },
          {
            label: 'Flags the target may ignore',
            base: '0',
            modifiers: plan.flagModifiers,
            needed: `${plan.ignorable}`,
            ruleId: plan.ruleIds.includes('WW-5.3') ? 'WW-5.3' : 'WW-G4',
          },
        ],
        odds: [
          ...o.hits.map((p, k) => ({ label: `${k} hit${k === 1 ? '' : 's'}`, p })),
          { label: `at least one ${rules.flag}`, p: 1 - (o.flags[0] ?? 0) },
          { label: 'eliminated', p: o.pEliminated },
          {
            label:
              specOf(b, u).cls === 'tank' && plan.close
                ? 'hex vacated: the tank gains ground'
                : 'hex vacated',
            p: o.pVacated,
          },
        ],
        templates: [],
        action,
      };
    },
    describe: (e, s) => describeWw1(ctx, e, s),
  });
}

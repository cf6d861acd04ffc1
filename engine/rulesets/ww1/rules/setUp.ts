/**
 * A WWI game set up from a scenario: the board from the hex map and the catalog, the units,
 * the decks and the first hands.
 */
import type { ScenarioDoc } from '../../../format';
import { dict, entry } from '../../../game/dict';
import { drawCards, newDeck } from '../../../random/deck';
import { Dice, seedRng } from '../../../random/dice';
import type { Ww1Rules } from './data';
import {
  type HexCell,
  type MedalObjective,
  type Ww1Board,
  type Ww1State,
  type Ww1Unit,
} from './state';
import { thirds } from './board';
import { medalsOf } from './medals';

type Made = { ok: true; board: Ww1Board; state: Ww1State } | { ok: false; reason: string };

/** Sets up the board and the first state of a game, or says which scenario field is wrong. */
export function setUpWw1(
  scenario: ScenarioDoc,
  rules: Ww1Rules,
  seed: number,
  turnLimit?: number,
): Made {
  const map = scenario.map;
  if (map.kind !== 'hex') return { ok: false, reason: 'map.kind must be "hex" for the WWI rules' };
  const sides = (scenario.forces?.sides ?? []).map((s) => s.id);
  if (sides.length !== 2)
    return { ok: false, reason: `forces.sides has ${sides.length} sides; the WWI rules need 2` };
  const sections = map.sections?.length ? map.sections : thirds(map.columns);
  const sectionIds = new Set(sections.map((s) => s.id));
  for (const c of Object.values(rules.commands))
    for (const sec of c.sections)
      if (!sectionIds.has(sec))
        return {
          ok: false,
          reason: `cards["${c.id}"].effect.sections names section "${sec}", which map.sections lacks (${[...sectionIds].join(', ')})`,
        };
  for (const [i, h] of map.hexes.entries()) {
    const t = h.terrain;
    if (t !== undefined && !entry(rules.terrain, t))
      return {
        ok: false,
        reason: `map.hexes[${i}] (${h.col},${h.row}) has terrain "${t}", which the catalog's terrainTypes lack`,
      };
  }
  const retreatRow: Record<string, -1 | 1> = dict();
  for (const e of scenario.deployment?.entryEdges ?? [])
    if (e.side && (e.edge === 'north' || e.edge === 'south'))
      retreatRow[e.side] = e.edge === 'north' ? -1 : 1;
  for (const [i, side] of sides.entries()) retreatRow[side] ??= i === 0 ? 1 : -1;
  const units: Record<string, Ww1Unit> = dict();
  const taken = new Set<string>();
  for (const side of scenario.forces!.sides)
    for (const f of side.formations ?? [])
      for (const u of f.units) {
        const spec = entry(rules.units, u.type);
        if (!spec)
          return {
            ok: false,
            reason: `unit ${u.id}: type "${u.type}" is not in the catalog's units; add it or change forces`,
          };
        const p = u.position as Partial<HexCell> | undefined;
        if (typeof p?.col !== 'number' || typeof p.row !== 'number')
          return { ok: false, reason: `unit ${u.id}: position must be a hex {col, row}` };
        if (p.col < 0 || p.row < 0 || p.col >= map.columns || p.row >= map.rows)
          return { ok: false, reason: `unit ${u.id}: hex ${p.col},${p.row} is off the map` };
        const k = `${p.col},${p.row}`;
        if (taken.has(k))
          return {
            ok: false,
            reason: `unit ${u.id}: hex ${k} already holds a unit (one unit a hex)`,
          };
        taken.add(k);
        units[u.id] = freshUnit({
          id: u.id,
          side: side.id,
          type: u.type,
          at: { col: p.col, row: p.row },
          figures: spec.figures,
        });
      }
  const objectives: MedalObjective[] = [];
  for (const o of scenario.objectives ?? [])
    if (o.owner && o.area?.shape === 'hexes' && sides.includes(o.owner))
      objectives.push({
        id: o.id,
        name: o.name ?? o.id,
        owner: o.owner,
        hexes: o.area.hexes.map((h) => ({ col: h.col, row: h.row })),
        medals: o.victoryPoints ?? 1,
      });
  const board: Ww1Board = {
    map,
    rules,
    retreatRow,
    medalsToWin: scenario.victory?.pointsToWin ?? rules.medalsToWin,
    objectives,
    hexes: new Map(map.hexes.map((h) => [`${h.col},${h.row}`, h])),
    sections,
  };
  const dice = new Dice(seedRng(seed));
  const commandCards = Object.values(rules.commands).flatMap((c) =>
    Array<string>(c.copies).fill(c.id),
  );
  const combatCards = Object.values(rules.combats).flatMap((c) =>
    Array<string>(c.copies).fill(c.id),
  );
  let deck = newDeck(commandCards, sides, dice).deck;
  let combat = newDeck(combatCards, sides, dice).deck;
  for (const side of sides) {
    const r = drawCards(deck, side, rules.handSize, dice);
    if (!r.ok) return { ok: false, reason: r.reason };
    deck = r.state;
    const c = drawCards(combat, side, rules.combatHandSize, dice);
    if (!c.ok) return { ok: false, reason: c.reason };
    combat = c.state;
  }
  const zero = dict(sides.map((s): [string, number] => [s, 0]));
  const limit = turnLimit ?? scenario.victory?.turnLimit;
  const state: Ww1State = {
    turn: 1,
    sides,
    active: sides[0]!,
    phase: 'play',
    deck,
    combat,
    combatPlayed: 0,
    rng: dice.state(),
    units,
    wireCleared: [],
    kills: zero,
    medals: zero,
    ...(limit !== undefined ? { turnLimit: limit } : {}),
  };
  return { ok: true, board, state: { ...state, medals: medalsOf(board, state) } };
}

export function freshUnit(
  u: Pick<Ww1Unit, 'id' | 'side' | 'type' | 'at' | 'figures'> & { bogged?: boolean },
): Ww1Unit {
  return {
    id: u.id,
    side: u.side,
    type: u.type,
    at: u.at,
    figures: u.figures,
    ordered: false,
    moved: false,
    stopped: false,
    enteredBuilding: false,
    battled: false,
    bonusOpen: false,
    bonusUsed: false,
    bogged: u.bogged ?? false,
    boggedNow: false,
  };
}

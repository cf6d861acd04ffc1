import { describe, expect, test } from 'vitest';
import type { ScenarioDoc } from '../../../format';
import { bundledScenario } from '../../../../scripts/testing/bundled';
import { simulate } from '../../../game/simulate';
import { tablePoint } from '../../../geometry/units';
import { offerRouteFields, routeField, routeFieldsOf } from '../../../movement/routeField';
import { tankplankGame } from '../game';
import { createContext, moverOf } from './context';
import { planShot } from './fire';
import { furthestLegal, furthestLegalAfresh } from './movement';
import { tankplankReducer } from './reducer';
import { newGame } from './setup';
import { info, onTable, positionOf, sightAfresh, sightBetween, weaponsOf } from './situation';
import { standingFootprint, standingRefusal } from './standing';
import { type TankplankState, tankplankState } from './state';

/**
 * The rules remember some answers to spare the lab's games work (shot plans for the last state,
 * `furthestLegal` by mover and points, the men's bases at the table's edge worked out point by
 * point): every remembered answer must be the one worked out afresh.
 */

function village(): ScenarioDoc {
  return bundledScenario('tankplank-village');
}
const ctx = createContext(village());

/** The states a bot game went through, from its start. */
function statesOf(seed: number, turnLimit: number): TankplankState[] {
  const game = simulate(tankplankGame(ctx), { seed, turnLimit, record: true });
  const reduce = tankplankReducer(ctx);
  let s = newGame(ctx, { seed, turnLimit });
  const out = [s];
  for (const a of game.actions) {
    const r = reduce(s, a);
    if (!r.ok) throw new Error(`the game's own action was refused: ${r.reason}`);
    s = r.state;
    out.push(s);
  }
  return out;
}

describe('remembered answers are the fresh ones', () => {
  test('shot plans: every request on a Firing phase state, asked twice, as planned on a copy of it', () => {
    const firing = statesOf(3, 6).filter((s) => s.phase === 'firing');
    expect(firing.length).toBeGreaterThan(5);
    let plans = 0;
    let refusals = 0;
    for (const s of [firing[1]!, firing[3]!, firing[firing.length - 1]!]) {
      const requests = [];
      for (const u of s.units.list()) {
        if (!onTable(u)) continue;
        // Each weapon at the four nearest enemies and the farthest one.
        const here = u.at;
        const d = (t: { at: readonly [number, number] | null }) =>
          t.at ? Math.hypot(t.at[0] - here[0], t.at[1] - here[1]) : Infinity;
        const enemies = s.units
          .list()
          .filter((t) => t.side !== u.side && onTable(t))
          .sort((a, b) => d(a) - d(b));
        for (const m of weaponsOf(ctx, info(ctx, s, u.id)))
          for (const t of [...enemies.slice(0, 4), ...enemies.slice(-1)])
            requests.push({ unit: u.id, weapon: m.weapon.id, target: t.id });
      }
      // All of them on the state (remembered as they are planned), all again (from the memory),
      // then all on a copy of the state (a new object: planned afresh).
      const first = requests.map((req) => planShot(ctx, s, req));
      const again = requests.map((req) => planShot(ctx, s, req));
      const copy = tankplankState({ ...s });
      const afresh = requests.map((req) => planShot(ctx, copy, req));
      expect(first).toEqual(afresh);
      expect(again).toEqual(afresh);
      for (const p of afresh) {
        if ('refused' in p) refusals++;
        else plans++;
      }
    }
    // Both kinds of answer were compared.
    expect(plans).toBeGreaterThan(20);
    expect(refusals).toBeGreaterThan(20);
  });

  test('a shot plan is not carried over to the next state: the weapon fired there is refused', () => {
    const states = statesOf(3, 6);
    const reduce = tankplankReducer(ctx);
    let checked = 0;
    for (const s of states.filter((x) => x.phase === 'firing')) {
      for (const u of s.units.list()) {
        if (!onTable(u)) continue;
        const m = weaponsOf(ctx, info(ctx, s, u.id))[0];
        const t = s.units.list().find((x) => x.side !== u.side && onTable(x));
        if (!m || !t) continue;
        const req = { unit: u.id, weapon: m.weapon.id, target: t.id };
        if ('refused' in planShot(ctx, s, req)) continue;
        const r = reduce(s, { type: 'fire', ...req });
        if (!r.ok) continue;
        expect(planShot(ctx, r.state, req)).toHaveProperty('refused', true);
        checked++;
        break;
      }
      if (checked >= 3) break;
    }
    expect(checked).toBe(3);
  });

  test('furthestLegal: asked once and again, the point worked out afresh', () => {
    const s = newGame(ctx, { seed: 1 });
    const movers = [...new Set(s.units.list().map((u) => u.type))].map((type) => ({
      type,
      here: moverOf(ctx, info(ctx, s, s.units.list().find((u) => u.type === type)!.id).type),
    }));
    expect(movers.length).toBeGreaterThan(3);
    let k = 0;
    let short = 0;
    for (const m of movers)
      for (let f = 0; f < 3; f++, k++) {
        // Spread over the table; from each start, goals near and far (some past a move's reach)
        // all round it, each asked twice and worked out afresh.
        const from = tablePoint(1 + ((k * 7.3) % (ctx.map.width - 2)), 1 + ((k * 3.1) % 30));
        const goals = [0, 1, 2, 3, 4, 5].map((n) =>
          tablePoint(
            from.x + Math.cos(n + k) * (2 + 3 * n),
            from.y + Math.sin(n + k) * (2 + 3 * n),
          ),
        );
        const first = goals.map((goal) => furthestLegal(ctx, m.here, from, goal));
        const again = goals.map((goal) =>
          furthestLegal(ctx, m.here, tablePoint(from.x, from.y), tablePoint(goal.x, goal.y)),
        );
        const other = goals.map((goal) => furthestLegalAfresh(ctx, m.here, from, goal));
        expect(first).toEqual(other);
        expect(again).toEqual(other);
        short += other.filter((p, n) => p.x !== goals[n]!.x || p.y !== goals[n]!.y).length;
      }
    // Some moves fell short of their goal: the search, not only its first ask, was compared.
    expect(short).toBeGreaterThan(10);
  });

  test("a man's base off the table's edge: refused exactly where his outline is off", () => {
    const s = newGame(ctx, { seed: 1 });
    const man = s.units.list().find((u) => info(ctx, s, u.id).kind === 'figure')!;
    const { width, height } = ctx.map;
    let off = 0;
    for (let k = 0; k <= 200; k++) {
      const d = -0.3 + k * 0.004;
      for (const at of [
        [d, height / 2],
        [width - d, height / 2],
        [width / 2, d],
        [width / 2, height - d],
      ] as const) {
        const outline = standingFootprint(ctx, s, man.id, at, 0);
        const outside = outline.some(
          (v) => v.x < -1e-6 || v.y < -1e-6 || v.x > width + 1e-6 || v.y > height + 1e-6,
        );
        const refusal = standingRefusal(ctx, s, man.id, at, 0);
        expect(refusal?.ok === false && refusal.ruleId === 'TP-1.1').toBe(outside);
        if (outside) off++;
      }
    }
    expect(off).toBeGreaterThan(100);
    expect(off).toBeLessThan(800);
  });

  test('pieces: every state of a game in turn, as a fresh game object lists them', () => {
    const states = statesOf(5, 4);
    const kept = tankplankGame(ctx);
    let riders = 0;
    for (const [k, s] of states.entries()) {
      const listed = kept.pieces!(s);
      // Asked again (the lab's observer and its stall watch both ask): the same list.
      expect(kept.pieces!(s)).toBe(listed);
      if (k % 7 !== 0) continue;
      riders += s.units.list().filter((u) => u.alive && u.embarkedIn !== null).length;
      expect(listed).toEqual(tankplankGame(ctx).pieces!(s));
    }
    // Riders stand where their carriers do, which move under them.
    expect(riders).toBeGreaterThan(0);
  });

  test('sight: the answers remembered per world, as worked out afresh', () => {
    // One context over a game's Firing phases: each world (vehicles and wrecks) keeps its
    // answers by the two ends' keys, for every state of the phase.
    const firing = statesOf(4, 6).filter((s) => s.phase === 'firing');
    let compared = 0;
    let seen = 0;
    for (const s of firing.filter((_, k) => k % 2 === 0)) {
      for (const u of s.units.list()) {
        if (!onTable(u)) continue;
        const from = positionOf(s, u.id)!;
        const d = (t: { at: readonly [number, number] | null }) =>
          t.at ? Math.hypot(t.at[0] - u.at[0], t.at[1] - u.at[1]) : Infinity;
        const enemies = s.units
          .list()
          .filter((t) => t.side !== u.side && onTable(t))
          .sort((a, b) => d(a) - d(b))
          .slice(0, 4);
        for (const t of enemies) {
          // Where they stand, and the same ends with a raised eye (a key with the height).
          for (const height of [undefined, 3]) {
            const a = { unit: u.id, point: from, ...(height ? { height } : {}) };
            const b = { unit: t.id, point: positionOf(s, t.id)! };
            const kept = sightBetween(ctx, s, a, b);
            expect(kept).toEqual(sightAfresh(ctx, s, a, b));
            compared++;
            if (kept.visible) seen++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
    expect(seen).toBeGreaterThan(50);
  });

  test('objectives asked without lacking (the stall watch): only lacking left out', () => {
    const states = statesOf(5, 6);
    const game = tankplankGame(ctx);
    let lacking = 0;
    for (const s of states) {
      const full = game.objectives!(s);
      const holders = game.objectives!(s, { lacking: false });
      expect(holders).toEqual(full.map(({ lacking: _lacking, ...rest }) => rest));
      lacking += full.filter((o) => o.lacking).length;
    }
    expect(lacking).toBeGreaterThan(10);
  });

  test('route fields kept by a lab thread: taken by the terrain made from that map, as built afresh', () => {
    const fresh = () => createContext(village());
    const unitType = (c: typeof ctx, kind: 'figure' | 'vehicle') =>
      [...c.units.values()].find((i) => i.kind === kind)!.type;
    const ask = (c: typeof ctx) => {
      const out = [];
      for (const kind of ['figure', 'vehicle'] as const)
        for (const [x, y] of [
          [10, 12],
          [30.5, 20.25],
        ] as const)
          out.push(routeField(c.terrain, moverOf(c, unitType(c, kind)), tablePoint(x, y)));
      return out;
    };
    // One context builds the fields; its map's records are offered to a second scenario object.
    const first = village();
    const built = ask(createContext(first));
    const records = routeFieldsOf(first.map)!;
    expect(records.length).toBe(4);
    const second = village();
    offerRouteFields(second.map, records);
    const taken = ask(createContext(second));
    const afresh = ask(fresh());
    for (const [k, f] of taken.entries()) {
      // Taken, not built again: the very arrays offered.
      expect(f.cost).toBe(built[k]!.cost);
      expect(f.next).toBe(built[k]!.next);
      expect([...f.cost]).toEqual([...afresh[k]!.cost]);
      expect([...f.next]).toEqual([...afresh[k]!.next]);
      expect(f.target).toEqual(afresh[k]!.target);
    }
  });
});

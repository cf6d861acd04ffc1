import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * Where each rule, ambiguity and gap of the two TANK! digests (tank-optional.md, OT-*;
 * tank-costello.md, TC-*) stands in the engine: done, partly done (what is missing is said), or
 * not done (why). Every id the digests name must be listed, and an id listed as done or partly
 * done must appear in the engine's code or the TANK! catalogs, where a reader finds it.
 */
type Status = 'done' | 'partial' | 'not done';
const COVERAGE: Readonly<Record<string, readonly [Status, string]>> = {
  'OT-32': [
    'done',
    'the optional layer (tank-rules catalog optionalRules, rules/tables.ts Layers)',
  ],
  'OT-32.8': [
    'done',
    'DF-P plotted apart, HE summed, strongest aspect, extended "." cells with −2, pins (rules/fire.ts, resolve.ts); (8) riders of the pinned AFV attacked apart at the catalog\'s rider defence (carriedInfantryDefence) with the carrier\'s MP modifier, thrown off by any effect (riderShot); MT/DT carry them',
  ],
  'OT-32.81': [
    'done',
    'pinned vehicles plot only DF, OF, DF-P; no reduced defence; repeated pins do nothing; leaving a pinned member behind; DF and DF-P on one target; (4) a pinned unit forced to move by a panic under indirect fire (OT-G5) or a morale result stays where it is',
  ],
  'OT-32.82': ['done', 'stepCleanup: 1-4 unpins, every turn, from the pinRecovery table'],
  'OT-32.9': [
    'done',
    'defenceOf triples the terrain part (IP 12); soft split in shotOdds/rollShot and IF',
  ],
  'OT-32.91': [
    'done',
    'checkPlot refuses every mission of a pinned soft target; forced moves leave it',
  ],
  'OT-32.10': ['done', 'startTurn: panic −10 within 2 hexes of a friendly soft target'],
  'OT-32.11': [
    'done',
    'DF-CA plot checks (infantry, adjacent at start, exclusivity both ways), stepDf resolution, auto pin',
  ],
  'OT-32.12': [
    'done',
    'overrun(): unpinned infantry in protecting terrain rolls 1-3 destroyed, 4-6 pinned',
  ],
  'OT-32.13': [
    'done',
    'allowedFacings (leader ±1 at panic ≤ 20%) and the homogeneity waiver in checkPlot',
  ],
  'OT-32.14': ['done', 'SMF: half AP/HE (floor) in the DF step, half MA (floor) path in MV'],
  'OT-A1': ['done', 'extendedThreshold, option dfpDotCells'],
  'OT-A2': [
    'done',
    'chance()/succeeds compare the adjusted roll: a cell past the die always succeeds',
  ],
  'OT-A3': ['done', 'option softPinRecovery'],
  'OT-A4': ['done', 'killBand, option softSplitRounding'],
  'OT-A5': ['done', 'option softTripleTerrainOnly'],
  'OT-A6': [
    'done',
    'riderShot: the summed HE against defence 1, the plain CRT reading, the soft split with the optional layer, no terrain',
  ],
  'OT-A7': ['done', 'assaultOdds: attackers − 1 on the row of closeAssaultRangeRow'],
  'OT-A8': ['done', 'option cohesionReduction'],
  'OT-A9': ['done', 'only a close-assault target is protected (checkPlot)'],
  'OT-A10': ['done', 'option pinnedInfantryMayAssault'],
  'OT-A11': ['done', 'SMF fire in the DF step, move in MV'],
  'OT-A12': ['done', 'option looseFacingSpread'],
  'OT-A13': ['done', 'option platoonMissionHomogeneity'],
  'OT-A14': ['done', 'option leaveBehindFrom'],
  'OT-A15': ['done', 'plotted MP (plottedMp) decides the +1 and the missing pin'],
  'OT-A16': [
    'done',
    'terrain stat overrunProtection (placeholder catalog) or an Improved Position',
  ],
  'OT-G1': ['done', 'placeholder crt table, thresholds with null for "."'],
  'OT-G2': [
    'done',
    'unit stats apAttack, heAttack, rangeHexes, armour by aspect, speeds.ma; aspects table',
  ],
  'OT-G3': ['done', 'placeholder targetMovementModifiers'],
  'OT-G4': ['done', 'terrain stats dsp, mp, overrunProtection; improvedPositionDsp'],
  'OT-G5': [
    'done',
    "each unit's panicPct is used by cohesion, looser formations and morale; base game: a unit hit by indirect fire rolls the panic die (panicDie) and panics up to its level in tens, running panicMoveHexes through the A-B-C hexside of the placeholder panicScatter table (panicTests); replaced by Costello's morale with that layer",
  ],
  'OT-G6': ['done', 'placeholder overrun table: OV into soft targets eliminates them'],
  'OT-G7': [
    'done',
    'placeholder sequenceOfPlay; DF-P and DF-CA resolve in DF; OF refuses DF-P; OF fires during simultaneous movement in MP impulses at the best hex ahead or the first seen (option opportunityFireAt, stepMove)',
  ],
  'OT-G8': [
    'done',
    "platoons with a leader: facing follows the leader's (FC plots), conformity, leaving pinned members; base game: a member's move ends within the placeholder followLeaderMaxHexes of its leader's end or nearer to it than it starts (followsLeader); the bot closes up",
  ],
  'TC-1.1': ['done', 'any hex map of the scenario'],
  'TC-1.2': ['done', 'los.ts hullDown: +2 defence, ridges never block'],
  'TC-1.3': [
    'done',
    'urban hexes block sight and give defence; IF on a building may bring it down (placeholder buildingCollapse): the hex turns to rubble in the state (TankMap.rubbled), no longer blocks, counts as an infantry position, and its scattered rubble closes a street to vehicles',
  ],
  'TC-1.4': ['done', 'marsh impassable to vehicles (enterable, checkPath)'],
  'TC-1.5': ['done', 'hex levels from the map, refused at game start outside 0..contourLevels'],
  'TC-2.1': ['done', 'sight is clear unless a potential blocking hex blocks; ridges never do'],
  'TC-2.2': ['done', 'woods, urban, friendly units, twin contours (los.ts)'],
  'TC-2.3': ['done', 'the hex before a contour is crossed the second time'],
  'TC-2.4': ['done', 'only hexes strictly between are tested'],
  'TC-2.5': ['done', 'same level: blocks unless one level lower than both'],
  'TC-2.6': ['done', 'ED = L(high) + L(low) − 2 L(block), clamped to the table'],
  'TC-2.7': ['done', 'edt table, exact fractions'],
  'TC-2.8': ['done', 'next to the lower unit blocks'],
  'TC-2.9': ['done', 'every potential blocking hex tested, the first that blocks reported'],
  'TC-3': [
    'done',
    'sequenceOfPlay of the costello catalog drives resolveTurn: IF (with mortar smoke; unobserved impacts scatter, TC-G5), MORALE, DF (M markers), MV (with OF along the paths; M markers), MT_DT, FC, CLEANUP (smoke and vehicle smoke lifted, digging and clearing, new vehicle-smoke markers over the wrecks of vehicles destroyed this turn for the placeholder vehicleSmokeTurns: resolve.ts placeVehicleSmoke). Impact markers are not kept on the map after their step, so removing those under smoke has nothing to do',
  ],
  'TC-4.1': ['done', 'support weapons stack with a squad at start, move and die with it'],
  'TC-4.2': ['done', 'catalog data; period availability refused at game start'],
  'TC-4.3': ['done', 'HE halved, rounded up, beyond 20 hexes'],
  'TC-4.4': [
    'done',
    'a friendly observer sees the hex; lands two turns later; no MV for the team meanwhile',
  ],
  'TC-4.5': [
    'done',
    'a squad whose type has anti-tank weapons (stats.iatd) stacked with a support weapon is refused at game start (createTankContext); no bundled squad has them',
  ],
  'TC-4.6': [
    'done',
    'with the costello layer, infantry entering terrain with the exitDelayTurns stat stays an extra turn (stuckUntil; moves refused with TC-4.6); the seed names no terrain, so the placeholder catalog gives marsh exitDelayTurns 1 (TC-G7)',
  ],
  'TC-4.7': [
    'done',
    'cumulative HE on the placeholder IF CRT; SF lays smoke that blocks sight through its hex until the cleanup (smokeDurationTurns)',
  ],
  'TC-4.8': [
    'done',
    'mission EN (costello layer): infantry digs in where it stands; after the placeholder entrenchTurns turns its hex is an Improved Position for it until it leaves (rules/plot.ts checkEntrench, resolve.ts stepWorks, fire.ts dugIn/defenceOf); refused with TC-4.8 for non-infantry, an IP hex or a unit dug in already',
  ],
  'TC-4.9': [
    'done',
    'flame units (stat flame): reach flameRangeHexes, die modifier flameDieMod (fire.ts shotOdds); sappers (stat sapper) plot CLR on rubble closing a street in or next to their hex (resolve.ts stepWorks); airlanding: scenario unit field x-airlanding gives the turn it comes down on its hex with the placeholder airlanding roll (resolve.ts airland); catalog units tank.flameSquad, tank.sapperSquad',
  ],
  'TC-5.1': ['done', 'stepMove: graph of links ≤ 3 hexes through the leader'],
  'TC-5.2': ['done', 'moves out of conformity are allowed; the cost is the morale marker'],
  'TC-6': ['done', 'morale replaces panic with the costello layer'],
  'TC-6.1': ['done', 'marks: isolated, firstLethalFire, platoonLoss, retreating'],
  'TC-6.2': ['done', 'd10 (option d10Faces) minus 1 per 10% panic, in the MORALE step'],
  'TC-6.3': ['done', 'moraleModifiers from the catalog table'],
  'TC-6.4': [
    'done',
    'results change the plots; Retire, Retreat (static units eliminated) and Flee (off the edge, never tested again) move the unit; after "cancel all" the fallback FC or MVR the owner wrote with the plot is carried out (checkFallback)',
  ],
  'TC-6.5': [
    'done',
    'with the costello layer no panic procedure runs (the base one is not in the engine)',
  ],
  'TC-7.1': ['done', 'dummies plot MV only and are removed when spotted'],
  'TC-7.2': ['done', 'eventVisible: IF results on an unspotted unit go to its owner only'],
  'TC-7.3': [
    'done',
    'spotted by the firing unit before its fire, then by everyone; at the start of the DF step (TC-A10) an unspotted unit is spotted by an enemy unit (not a dummy) with line of sight within the reach of the placeholder autoSpotting table, by cover (potential blocking hex, Improved Position, dug in) and M marker (rules/resolve.ts autoSpot)',
  ],
  'TC-7.4': ['done', '+2 to a roll against a unit spotted this turn'],
  'TC-8.1': ['done', 'checkTankForces: every unit type has points, dummies included'],
  'TC-8.2': [
    'done',
    'points are catalog values; for a type without one the force check suggests the placeholder formula value (rules/points.ts formulaPoints, TC-G6)',
  ],
  'TC-8.3': ['done', 'checkTankForces: equal budgets with the costello layer'],
  'TC-A1': ['done', 'option hullDown'],
  'TC-A2': ['done', 'option blockingUnits'],
  'TC-A3': ['done', 'signed ED clamped to the table'],
  'TC-A4': ['done', 'option blockRangeFrom'],
  'TC-A5': ['done', 'one level per hex'],
  'TC-A6': ['done', 'option d10Faces'],
  'TC-A7': ['done', 'moraleModifiers grouping'],
  'TC-A8': ['done', 'option mortarDelayTurns'],
  'TC-A9': ['done', 'stepCleanup marks every platoon member of a retreating unit'],
  'TC-A10': ['done', 'option autoSpotAtDfStart'],
  'TC-A11': ['done', 'option panicStepPct'],
  'TC-A12': ['done', 'static = no movement allowance'],
  'TC-A13': ['done', 'the heavy mortar record carries the same ranges'],
  'TC-A14': ['done', 'fraction(): exact rational comparison'],
  'TC-G1': ['done', 'the placeholder catalog (CRT, WCC, terrain, base LOS)'],
  'TC-G2': [
    'done',
    'missions table (placeholder): a base mission it lacks is refused (TC-G2) and a row resolving in a step the sequence lacks is refused at game start; MT, DT, MVR, SF, EN, CLR plottable and refused with rule ids when illegal; MVR backs through the rear hexsides at reverseMpFactor. M markers (UnitState.mMarker) go on units that fired in the DF step or moved or fired in the MV step and stay until the next DF step, where the automatic spotting reads them (resolve.ts placeMMarkers); their other standard uses are not given',
  ],
  'TC-G3': ['done', 'placeholder ifCrt with terrain columns and ifEffects'],
  'TC-G4': [
    'done',
    'placeholder catalog: constants entrenchTurns, flameRangeHexes, flameDieMod; missions rows EN and CLR; table airlanding; unit types tank.flameSquad and tank.sapperSquad (stats flame, sapper); a missing value is refused with TC-G4',
  ],
  'TC-G5': [
    'done',
    "a collapsed building's rubble scatters by the placeholder rubbleScatter table; an impact marker (IF or SF) that no friendly unit sees when it lands scatters by the placeholder impactScatter table to the next hex on the hexside rolled (resolve.ts scatterImpact)",
  ],
  'TC-G6': [
    'done',
    'catalog points per type (placeholder values) and the helper formulaPoints with the coefficients pointsPerApStrength, pointsPerDefence, pointsPerMovement in the placeholder catalog',
  ],
  'TC-G7': [
    'done',
    'terrain stat exitDelayTurns (default 0), read by the map and the movement step',
  ],
  'TC-G8': ['done', 'sight along a hexside is tested on both sides: blocked only if both block'],
  'TC-G9': ['done', 'scenario victory; fled units are not destroyed'],
};

const root = fileURLToPath(new URL('../../../', import.meta.url));
const digests = ['tank-optional.md', 'tank-costello.md'].map((f) =>
  join(root, '..', 'shared', 'rules', f),
);
const haveDigests = digests.every((d) => existsSync(d));
if (!haveDigests)
  console.log(
    `rule coverage skipped: the TANK! digests are not at ${digests.join(', ')} (../shared missing)`,
  );

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'golden' ? [] : sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

describe('TANK! rule coverage', () => {
  test.skipIf(!haveDigests)('every id of the two digests is listed with where it stands', () => {
    const ids = new Set(
      digests.flatMap(
        (d) => readFileSync(d, 'utf8').match(/(?:OT|TC)-(?:\d+\.\d+|[AG]\d+|\d+)(?![.\d])/g) ?? [],
      ),
    );
    expect([...ids].filter((id) => !(id in COVERAGE))).toEqual([]);
  });

  test('every id done or partly done can be found in the engine or the catalogs', () => {
    const text = [
      ...sources(join(root, 'engine', 'rulesets', 'tank')),
      ...[
        'tank.placeholder.catalog.json',
        'tank.catalog.json',
        'tank-optional.catalog.json',
        'tank-rules.catalog.json',
      ].map((f) => join(root, 'scenarios', 'catalogs', f)),
    ]
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const absent = Object.entries(COVERAGE)
      .filter(
        ([id, [status]]) =>
          status !== 'not done' && !new RegExp(`${id.replace('.', '\\.')}(?![\\d])`).test(text),
      )
      .map(([id]) => id);
    expect(absent).toEqual([]);
  });
});

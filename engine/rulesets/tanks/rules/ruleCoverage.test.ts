import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * Where each rule, ambiguity and gap of the TANKS digest stands in the engine: done, partly done
 * (what is missing is said), or not done (why). Every id the digest names must be listed, and an
 * id listed as done or partly done must appear in the engine's code or the TANKS catalogs, where
 * a reader finds it by searching for the id.
 */
type Status = 'done' | 'partial' | 'not done';
const COVERAGE: Readonly<Record<string, readonly [Status, string]>> = {
  'TK-2.1': [
    'done',
    "the table is the scenario's; a model may not stand off it (movement.ts onTable)",
  ],
  'TK-2.2': [
    'done',
    "a scenario that sets ruleset.options.terrainPlacedByPlayers (the Rules tab's 'Terrain placed by the players') keeps its forests and buildings as a pool (terrainPool.ts: shapes from the map, count checked against forestsPerGame/buildingsPerGame at game start); the game opens with a seeded roll-off (rollForTerrain, ties again, logged), the winner places the first Forest and the sides alternate (terrainPlacement.ts, placeTerrain/turnTerrain; a pass takes the bot's spot near its own edge); placed pieces join terrainNow for sight, cover and movement and the playtest board draws them from the state (golden tk2-players-place-terrain). Scenarios without the option keep the map's layout, counted by the layout check",
  ],
  'TK-2.3': [
    'done',
    'in the game, each placed piece is refused within one Measuring Arrow of an edge or another piece, with the gap measured outline to outline (terrainPlaceProblem); a piece with no legal spot left is set aside. In the editor, the layout checks with the catalog constant layout.spacing (test T16)',
  ],
  'TK-2.4': [
    'done',
    "the Attacker is the scenario's or won by a roll-off (ties rolled again) and starts with Advantage; when the scenario leaves the edges open (two opposite edge strips, no fixed order) the Defender chooses its edge before anyone deploys (chooseEdge, a prompt on its first model; passing or the bot keeps the scenario's edge) and the zones swap when it takes the other (deployment.ts edgeChoices, zonesOf)",
  ],
  'TK-2.5': [
    'done',
    'order.ts: ascending Initiative, Advantage ties, the scenario order (Alpha 66)',
  ],
  'TK-2.6': ['done', "deployment.ts: wholly in the side's zone, one Measuring Arrow deep"],
  'TK-2.7': ['done', 'deployment.ts, helicopters the same, low unless told high'],
  'TK-2.8': ['done', 'reducer.ts: a Spearhead model moves after deploying, no Speed token'],
  'TK-4.1': ['done', 'order.ts'],
  'TK-4.2': ['done', 'models.ts speedOf (Fast, cards, Critical cards)'],
  'TK-4.3': ['done', 'movement.ts checkMove'],
  'TK-4.4': ['done', 'movement.ts checkMove'],
  'TK-4.5': ['done', 'Stationary: no Speed token, failed dice re-rolled'],
  'TK-4.6': ['done', 'reducer.ts move'],
  'TK-4.7': ['done', 'reducer.ts defend'],
  'TK-4.8': ['done', 'reducer.ts switchElevation and move with elevation'],
  'TK-4.9': ['done', 'movement.ts placementProblem'],
  'TK-4.10': ['done', 'movement.ts pathProblem; the planner stops a move where it meets terrain'],
  'TK-4.11': ['done', 'movement.ts Wheeled'],
  'TK-4.12': ['done', 'reducer.ts endPhase, the bot'],
  'TK-5.1': ['done', 'no range limit anywhere'],
  'TK-5.2': ['done', 'sight.ts, models.ts eyeOf'],
  'TK-5.3': ['done', 'sight.ts'],
  'TK-5.4': ['done', 'sight.ts highFlyer'],
  'TK-5.5': ['done', 'sight.ts checkLine'],
  'TK-5.6': ['done', 'arcs.ts inArc'],
  'TK-5.7': ['done', 'arcs.ts inArc'],
  'TK-5.8': ['done', 'sight.ts corner lines'],
  'TK-5.9': ['done', 'sight.ts stem line'],
  'TK-5.10': ['done', 'sight.ts under TK-A6'],
  'TK-6.1': ['done', 'order.ts'],
  'TK-6.2': ['done', 'damage.ts Final Fury and Crash Landing'],
  'TK-6.3': ['done', 'shooting.ts'],
  'TK-6.4': ['done', 'shooting.ts AAMG'],
  'TK-6.5': ['done', 'shooting.ts rollAttack; the re-roll choices follow a stated policy'],
  'TK-6.6': ['done', 'shooting.ts planShot'],
  'TK-6.7': ['done', 'shooting.ts cancelling; both sides asked when they have a choice'],
  'TK-6.8': ['done', 'damage.ts, the seeded Critical deck'],
  'TK-6.9': ['done', 'shooting.ts Missiles'],
  'TK-6.10': ['done', 'shooting.ts Rapid Fire'],
  'TK-6.11': ['done', 'shooting.ts Brutal'],
  'TK-6.12': [
    'done',
    'the effect criticalToTwoHits (placeholder Sharpshooters platoon card, scenario Air Cover): the shooter chooses after the attack roll, before the defence roll (reducer.ts split, a prompt in the playtest); passing or the bot takes the odds policy (split when a Critical card deals under 2 on average)',
  ],
  'TK-8.1': ['done', 'force checks: points limit (features.pointsRuleId)'],
  'TK-8.2': ['done', "force checks; a Platoon card's effects apply to its models (models.ts)"],
  'TK-8.3': ['done', 'force checks; the engine fields tanks and helicopters only'],
  'TK-8.4': ['done', 'force checks'],
  'TK-8.5': ['done', 'force checks'],
  'TK-8.6': ['done', 'force checks'],
  'TK-8.7': ['done', 'face-down cards work once revealed (reducer.ts reveal); Eye cards start up'],
  'TK-8.8': ['done', 'model cards are public: the counters show them to both sides'],
  'TK-9': [
    'done',
    "holding, scoring, victory and time-outs of the four missions; a Free-for-All or No Retreat token the scenario gives no position is placed by the players before deployment, or before turn 1 when every model starts on the table (Attacker first, within one Measuring Arrow of the opponent's edge, objectives.ts; golden tk9-players-place-objectives); positioned tokens stay where the scenario puts them",
  ],
  'TK-A1': ['done', 'interpretation exampleStats'],
  'TK-A2': ['done', 'one reading: the Tail'],
  'TK-A3': ['done', 'interpretation commandOrder'],
  'TK-A4': ['done', 'victory.ts'],
  'TK-A5': ['done', 'interpretation lowHelicopterSightBlockedByTanks'],
  'TK-A6': ['done', 'interpretation ignoreUnderlyingMode'],
  'TK-A7': ['done', 'interpretation forestBlocks'],
  'TK-A8': ['done', 'arcs.ts sideShot'],
  'TK-A9': ['done', 'interpretation tankFinalFacing'],
  'TK-A10': ['done', 'interpretation defenceFloor'],
  'TK-A11': ['done', 'interpretation stabiliserTargets; the policy re-rolls failed dice'],
  'TK-A12': ['done', 'interpretation cancelOrder'],
  'TK-A13': ['done', 'interpretation closeRangeMeasure'],
  'TK-A14': ['done', 'interpretation wheeledTerrain'],
  'TK-A15': ['done', 'no Speed token after deployment moves'],
  'TK-A16': ['done', 'interpretation tanksPassThroughTanks'],
  'TK-A17': ['done', 'interpretation predatorMustMove'],
  'TK-A18': ['done', 'interpretations noRetreatPerObjective, noRetreatExcludeTurn1'],
  'TK-A19': ['done', 'victory.ts: the placer scores its own objective'],
  'TK-A20': ['done', 'interpretation rapidFireMeans'],
  'TK-A21': ['done', 'interpretation aamgKeepsRerolls'],
  'TK-A22': ['done', 'command.ts repairs Critical cards'],
  'TK-A23': ['done', 'setup.ts roll-off'],
  'TK-A24': ['done', 'placement checks ignore terrain for objectives'],
  'TK-A25': ['done', 'victory.ts timeOut'],
  'TK-G1': ['done', 'placeholder catalog measuringArrow'],
  'TK-G2': ['done', 'placeholder stat lines; a missing stat is refused with its field'],
  'TK-G3': ['done', 'placeholder Critical deck'],
  'TK-G4': ['done', 'placeholder card effects in the vocabulary of cards.ts'],
  'TK-G5': ['done', 'the bundled scenarios draw their own maps'],
  'TK-G6': ['done', "terrain is the map editor's polygons"],
  'TK-G7': ['done', 'placeholder helicopter base'],
  'TK-G8': [
    'done',
    "the scenario's timeLimitMinutes, else the catalog constant (60): a game clock the players may choose in the playtest (one countdown for the whole game, PhaseClock scope 'game'); when it runs out the game ends at once, scored as the mission's time-out or, with no mission, by points destroyed (reducer.ts timeLimitMinutes, victory.ts timeLimitOut)",
  ],
};

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const digest = join(root, '..', 'shared', 'rules', 'tanks-modern-age.md');
const haveDigest = existsSync(digest);
if (!haveDigest)
  console.log(`rule coverage skipped: the TANKS digest is not at ${digest} (../shared missing)`);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'golden' ? [] : sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

describe('TANKS rule coverage', () => {
  test.skipIf(!haveDigest)('every id of the digest is listed with where it stands', () => {
    const ids = new Set(
      readFileSync(digest, 'utf8').match(/TK-(?:\d+\.\d+|[AG]\d+|\d+)(?![.\d])/g) ?? [],
    );
    const missing = [...ids].filter((id) => !(id in COVERAGE));
    expect(missing).toEqual([]);
  });

  test('every id done or partly done can be found in the engine or the catalogs', () => {
    const text = [
      ...sources(join(root, 'engine', 'rulesets', 'tanks')),
      join(root, 'scenarios', 'catalogs', 'tanks.catalog.json'),
      join(root, 'scenarios', 'catalogs', 'tanks.placeholder.catalog.json'),
      join(root, 'scenarios', 'catalogs', 'tanks-missions.catalog.json'),
      join(root, 'scenarios', 'tanks-your-first-game.scenario.json'),
      join(root, 'scenarios', 'tanks-last-battle-of-alpha-66.scenario.json'),
    ]
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const absent = Object.entries(COVERAGE)
      .filter(([id, [status]]) => status !== 'not done' && !new RegExp(`${id}(?![\\d])`).test(text))
      .map(([id]) => id);
    expect(absent).toEqual([]);
  });
});

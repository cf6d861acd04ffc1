/**
 * The Tankplank rule choices a scenario designer makes in the set-up sidebar's Rules tab, as data
 * for the BASIC catalog: the optional rules and era layers (digest section 0, TP-4.4, TP-18,
 * TP-19, TP-20) and a one-sentence summary of each interpretation option (digest section A).
 * The wording is ours: what the ambiguity is and what the recommended reading does.
 */
import type { RulesTable } from '../../engine/format';

type Row = RulesTable['rows'][number];

/**
 * Layers and optional rules. `kind: 'layer'` rows are written to `ruleset.layers` and only one
 * row of a `group` may be on at a time; `kind: 'option'` rows are booleans in `ruleset.options`.
 */
export const optionalRuleRows = (s: (lines: string) => string): Row[] => [
  {
    id: 'TW',
    name: 'Tankette Waltz (1920–1939)',
    description:
      'Between-the-wars vehicles and weapons: tankettes, early guns, their own movement rates, range bands and damage table.',
    ruleId: 'TP-19',
    kind: 'layer',
    group: 'era',
    source: s('L662-776'),
  },
  {
    id: 'ADV',
    name: 'Advanced vehicle rules',
    description:
      'Vehicle classes with road and off-road speeds, the larger armour chart, gun impacts by calibre and burst sizes.',
    ruleId: 'TP-20',
    kind: 'layer',
    group: 'era',
    source: s('L780-885'),
  },
  {
    id: 'BASIC.OPT.SCREEN',
    name: 'Screen over the creek on turn 1',
    description:
      'During the first turn neither side sees the other across the creek, and the first movement period is longer.',
    ruleId: 'TP-4.4',
    kind: 'option',
    group: '',
    source: s('L108'),
  },
  {
    id: 'BASIC.OPT.AG',
    name: 'Assault guns',
    description:
      'A side fields three turretless assault guns in place of its medium tanks (see TP-A54 for add-on or swap).',
    ruleId: 'TP-18.1',
    kind: 'option',
    group: '',
    source: s('L570-572'),
  },
  {
    id: 'BASIC.OPT.VEH',
    name: 'Extra vehicles',
    description:
      'Light and heavy tanks, tank destroyers, self-propelled guns and gun-armed half-tracks may join the forces.',
    ruleId: 'TP-18.2',
    kind: 'option',
    group: '',
    source: s('L574-584'),
  },
  {
    id: 'BASIC.OPT.ART',
    name: 'Artillery',
    description:
      'Light, medium and heavy artillery with forward observers, indirect fire, set-up time and crew needs.',
    ruleId: 'TP-18.7',
    kind: 'option',
    group: '',
    source: s('L586-612'),
  },
];

/** One sentence per interpretation option: the question left open and the reading we play. */
export const INTERPRETATION_SUMMARIES: Readonly<Record<string, string>> = {
  'TP-A1':
    'Two wheeled road speeds are printed; by default wheeled vehicles make 10" on road, as in the movement table.',
  'TP-A2':
    'The introduction seems to slow every vehicle off road; by default only wheeled vehicles drop to 4".',
  'TP-A3':
    'The cannon tables disagree on maximum range; by default cannons reach 40", matching the aiming table.',
  'TP-A4':
    'Range bands share their end points; by default a distance on a boundary belongs to the shorter band.',
  'TP-A5': 'A rifle band beyond 12" appears only in one table; by default rifles stop at 12".',
  'TP-A6':
    'The SMG single shot sits in an odd column; by default it needs 5+ like other MG single shots.',
  'TP-A7':
    'A distance reads as 3 feet, longer than any cone; by default the SMG switches to its cone within 3 inches.',
  'TP-A8':
    'The cone template has no defined shape; by default it is a triangle with its point at the gun.',
  'TP-A9':
    'Machine guns fire "front only" with no angle given; by default that is the whole front half.',
  'TP-A10': 'The bazooka has no printed to-hit number; by default it hits on 4+.',
  'TP-A11':
    'Grenade range starts at 0 or 2 depending on where you read; by default a throw needs at least 2".',
  'TP-A12':
    'HE against men in the open could mean outright removal; by default they still get a 5+ save.',
  'TP-A13':
    "Light tank armour differs between text and table; by default the table's 8/6/4 applies.",
  'TP-A14': "SP gun armour differs between text and table; by default the table's 7/5/4 applies.",
  'TP-A15': 'Light tank speed differs between layers; by default each layer keeps its own speeds.',
  'TP-A16':
    'Blast sizes are given as areas, radii and circles; by default every burst figure is a diameter.',
  'TP-A17':
    'Heavy gun impact differs between BASIC and ADV; by default each layer keeps its own value.',
  'TP-A18':
    'Printed morale modifiers have the wrong sign for a high-is-bad score; by default they are subtracted from the die.',
  'TP-A19': 'Three morale adjustments have no value; by default they act as extra reasons to test.',
  'TP-A20':
    'It is unclear whether loss and officer modifiers add up; by default only the strongest of each group counts.',
  'TP-A21':
    'The AA machine gun may need a stopped tank; by default it fires after up to half a move.',
  'TP-A22':
    'Assault gun ammunition is printed two ways; by default a howitzer assault gun carries 6 HE.',
  'TP-A23':
    'The ammo chart has one slot for heavy tanks; by default they carry 4 AP and 4 HE like other tanks.',
  'TP-A24':
    'The HMG burst limit may cover vehicle MGs; by default only infantry HMG teams run out.',
  'TP-A25':
    'Movement order can read as simultaneous or alternating; by default both sides move together in a sweep.',
  'TP-A26':
    'An ammo carrier loses its load when hit; by default any hit counts, even without penetration.',
  'TP-A27': 'Sharing half an odd number of rounds needs rounding; by default it rounds down.',
  'TP-A28': 'Whether a weapon may fire the turn it is set up is not said; by default it may not.',
  'TP-A29': 'The mortar radioman must be "close" with no distance; the reading is within 3".',
  'TP-A30':
    'Mortar timing when the crew sees the target is not given; by default it fires the same turn.',
  'TP-A31':
    'BASIC and TW differ on what a penetration does; by default a BASIC penetration destroys the vehicle.',
  'TP-A32': 'TW bands have no to-hit numbers; the reading is 3+, 4+ and 5+ from close to long.',
  'TP-A33':
    'Armour facings have no arc limits; by default 90° arcs, and a shot on a boundary meets the stronger face.',
  'TP-A34':
    'How little of a target is "partly visible" needs a measure; by default the engine measures what is hidden near the target.',
  'TP-A35':
    'Fixed-gun traverse could be total or per side; by default it is 15° either side of the hull.',
  'TP-A36': 'The M113 appears in two armour rows; by default the tankette row 4/3/2 applies.',
  'TP-A37': 'Main battle tank and early main battle tank name one class; the reading uses 11/9/6.',
  'TP-A38':
    'Half-tracks could move as tracked or wheeled vehicles; by default they move as tracked.',
  'TP-A39': 'The unit that tests morale is not defined; the reading uses the innermost formation.',
  'TP-A40':
    'Artillery timing after a call is loosely stated; the reading has light guns fire at once, heavier ones next turn.',
  'TP-A41':
    'BASIC artillery seems direct-fire only; by default indirect fire needs the artillery option.',
  'TP-A42':
    'The cover bonus to saves is stated only for MG cones; by default it applies to every save.',
  'TP-A43':
    'Tankettes ignore indirect 37 mm blasts; by default a direct 37 mm shot at them is a normal shot.',
  'TP-A44': 'Armour is printed in mixed notations; the reading stores front, side and rear.',
  'TP-A45': 'Cover modifiers might stack; by default only the largest one counts.',
  'TP-A46':
    "The objective edge does not say whose; by default it lies near the opponent's entry edge.",
  'TP-A47': 'Holding for 3 turns needs counting; the reading is three end-of-turn checks in a row.',
  'TP-A48': "Each side's bank of the creek must be known; by default the map tags the banks.",
  'TP-A49':
    'Rifle grenades could use the throw table or rifle to-hit; by default an aimed one rolls as a rifle.',
  'TP-A50':
    'A grenade short or long of a vehicle is unclear; by default only an on-target result can penetrate.',
  'TP-A51':
    'Trees give cover yet woods hide what is behind; by default a line through woods is blocked.',
  'TP-A52': 'No automatic hit is stated for a natural 6; by default there is none.',
  'TP-A53': 'A missed HE shot has no scatter rule; by default the miss has no effect.',
  'TP-A54':
    'Assault guns may be extra or replace medium tanks; by default one side swaps its tanks for them.',
  'TP-A55':
    'Passenger saves are given only for some causes; by default every destroyed vehicle lets them save on 5+.',
};

/**
 * Builds the set-up catalogs the forces, objectives and layout editors read: TANKS mission set-ups
 * and layout rules (digest tanks-modern-age.md §2, §9), and the Tankplank order of battle and
 * objective rules (digest tankplank.md §2, §3). Numbers the rules state are referenced by the name
 * of the constant that holds them in the ruleset's own catalogs, so they live in one place.
 * Run: npx tsx scripts/forces/buildSetupCatalogs.ts
 */
import { join } from 'node:path';
import type { CatalogDoc } from '../../engine/format/index';
import { CATALOGS_DIR, CREATED, envelope, writeDoc } from '../scenarios/common';

const tanksMissions: CatalogDoc = {
  ...envelope('sandtable.catalog'),
  meta: {
    title: 'TANKS: The Modern Age — mission set-ups and layout rules',
    author: 'Sandtable',
    created: CREATED,
    description:
      'How each mission places its objective tokens and scores them, and the terrain set-up every game uses. Distances name the constant that holds them (the Measuring Arrow lengths are catalog values, TK-G1).',
  },
  id: 'tanks.missions',
  ruleset: 'tanks',
  layer: 'base',
  extends: ['tanks.core'],
  constants: {
    'layout.required.forest': 'forestsPerGame',
    'layout.required.building': 'buildingsPerGame',
    'layout.pieceKinds': 'forest,building',
    'layout.spacing': 'measuringArrow.totalLength',
    'mission.objectiveDistance': 'measuringArrow.totalLength',
    'mission.holdDistance': 'measuringArrow.totalLength',
    'mission.centreTolerance': 1,
    'deployment.depth': 'measuringArrow.totalLength',
  },
  tables: {
    missionSetup: {
      description:
        'Objective placement and scoring per mission; winVP, turnLimit and skipFirstTurn come from the core missions table. placement: centre = the table centre (within mission.centreTolerance), opponentEdge = within mission.objectiveDistance of the edge of the side that does not score it. placedBy: each = one token per side, attacker = the Attacker places them all. scorer: placer = the side that placed the token scores it, attacker = only the Attacker scores, holder = whoever holds it.',
      ruleId: 'TK-9',
      columns: [
        'id',
        'name',
        'objectives',
        'placement',
        'placedBy',
        'scorer',
        'maxVpPerTurn',
        'victory',
        'timeOut',
      ],
      rows: [
        {
          id: 'tankAce',
          name: 'Tank Ace',
          objectives: 0,
          placement: 'none',
          placedBy: 'none',
          scorer: 'none',
          maxVpPerTurn: null,
          victory: 'lastTanks',
          timeOut:
            'Most points destroyed (models and the cards they started with); a tie is a draw (TK-A25).',
        },
        {
          id: 'kingOfTheHill',
          name: 'King of the Hill',
          objectives: 1,
          placement: 'centre',
          placedBy: 'none',
          scorer: 'holder',
          maxVpPerTurn: null,
          victory: 'vp',
          timeOut: 'Most VP; on a tie, most points destroyed.',
        },
        {
          id: 'freeForAll',
          name: 'Free-for-All',
          objectives: 2,
          placement: 'opponentEdge',
          placedBy: 'each',
          scorer: 'placer',
          maxVpPerTurn: null,
          victory: 'vpAndLead',
          timeOut: 'Most VP; on a tie, most points destroyed.',
        },
        {
          id: 'noRetreat',
          name: 'No Retreat',
          objectives: 2,
          placement: 'opponentEdge',
          placedBy: 'attacker',
          scorer: 'attacker',
          maxVpPerTurn: 1,
          victory: 'attackerVpOrDefenderSurvives',
          timeOut: 'The Defender wins once the turn limit is played.',
        },
      ],
      source: 'seed 004 L1081-L1136; digest tanks-modern-age.md §9, TK-A18, TK-A19, TK-A25',
    },
  },
};

const tankplankForces: CatalogDoc = {
  ...envelope('sandtable.catalog'),
  meta: {
    title: 'Tankplank — order of battle and objective rules',
    author: 'Sandtable',
    created: CREATED,
    description:
      'What each side fields in the BASIC game and where its secret objective may lie, for the forces editor and the layout checks.',
  },
  id: 'tankplank.forces',
  ruleset: 'tankplank',
  layer: 'BASIC',
  extends: ['tankplank.basic'],
  constants: {
    'layout.hiddenObjectiveEdgeDistance': 'objectiveStripDepth',
  },
  tables: {
    orderOfBattle: {
      description:
        'Per side: formations of a kind or units of a type (scope side), or figures of the given classes inside each formation of a kind (scope formation). A row with option applies only when the scenario turns that rule option on; a row with unlessOption only when it is off.',
      ruleId: 'TP-2',
      columns: [
        'scope',
        'formationKind',
        'unitType',
        'unitClasses',
        'count',
        'label',
        'ruleId',
        'option',
        'unlessOption',
      ],
      rows: [
        { scope: 'side', formationKind: 'squad', count: 3, label: 'rifle squads', ruleId: 'TP-2' },
        {
          scope: 'side',
          formationKind: 'section',
          count: 1,
          label: 'heavy weapons sections',
          ruleId: 'TP-2',
        },
        {
          scope: 'side',
          formationKind: 'commandTeam',
          count: 3,
          label: 'command teams',
          ruleId: 'TP-2',
        },
        { scope: 'side', unitType: 'tp.atGun', count: 1, label: 'anti-tank guns', ruleId: 'TP-2' },
        { scope: 'side', unitType: 'tp.jeep', count: 3, label: 'jeeps', ruleId: 'TP-2' },
        { scope: 'side', unitType: 'tp.truck', count: 3, label: 'trucks', ruleId: 'TP-2' },
        { scope: 'side', unitType: 'tp.halfTrack', count: 2, label: 'half-tracks', ruleId: 'TP-2' },
        {
          scope: 'side',
          unitType: 'tp.armouredCar',
          count: 1,
          label: 'armoured cars',
          ruleId: 'TP-2',
        },
        {
          scope: 'side',
          unitType: 'tp.mediumTank',
          count: 2,
          label: 'medium tanks',
          ruleId: 'TP-2',
          unlessOption: 'BASIC.OPT.AG',
        },
        {
          scope: 'side',
          unitType: 'tp.assaultGun',
          count: 3,
          label: 'assault guns (in place of the medium tanks)',
          ruleId: 'TP-18.1',
          option: 'BASIC.OPT.AG',
        },
        {
          scope: 'formation',
          formationKind: 'squad',
          unitClasses: 'infantry',
          count: 10,
          label: 'men',
          ruleId: 'TP-2',
        },
        {
          scope: 'formation',
          formationKind: 'section',
          unitClasses: 'infantry,team',
          count: 9,
          label: 'men',
          ruleId: 'TP-2',
        },
        {
          scope: 'formation',
          formationKind: 'commandTeam',
          unitClasses: 'infantry',
          count: 3,
          label: 'men',
          ruleId: 'TP-2',
        },
      ],
      source: 'seed 000 L15-L39; digest tankplank.md §2',
    },
    objectivePreset: {
      description:
        'The village objective: each side secretly picks a zone near the far edge, revealed when its troops reach it; holding it for holdTurns turns in a row wins. Numbers name constants of the BASIC catalog.',
      ruleId: 'TP-3',
      columns: [
        'id',
        'name',
        'stripDepth',
        'holdTurns',
        'holderClasses',
        'requiredRole',
        'excludeEnemy',
      ],
      rows: [
        {
          id: 'village',
          name: 'Tankplank village: secret objective at the far edge',
          stripDepth: 'objectiveStripDepth',
          holdTurns: 'holdTurns',
          holderClasses: ['infantry'],
          requiredRole: 'radioman',
          excludeEnemy: true,
        },
      ],
      source: 'seed 000 L98-L102; digest tankplank.md TP-3.1 to TP-3.4',
    },
  },
};

writeDoc(join(CATALOGS_DIR, 'tanks-missions.catalog.json'), tanksMissions);
writeDoc(join(CATALOGS_DIR, 'tankplank-forces.catalog.json'), tankplankForces);

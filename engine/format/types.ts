/**
 * Typed view of Sandtable file format v1. The JSON Schemas in `schemas/` are the contract; these
 * types mirror them so code reads the validated document without casts. Every persisted field is
 * described in the schema of the same name.
 */

import type { RulesetId } from './generated/rulesetIds';

/** Extension data: keys starting with `x-` round-trip untouched. */
export type Extensions = { [key: `x-${string}`]: unknown };

/** A table point [x, y] in inches from the top-left corner. */
export type Point = [number, number];

export type MobilityClass =
  | 'infantry'
  | 'wheeled'
  | 'tracked'
  | 'halfTracked'
  | 'tank'
  | 'personnelCarrier'
  | 'gun'
  | 'lowHelicopter'
  | 'highHelicopter'
  | 'allVehicles'
  | 'all';

export type Edge = 'north' | 'south' | 'east' | 'west';
export type CoverClass = 'none' | 'light' | 'heavy' | 'strong' | 'fortification';

export interface AppStamp {
  name: string;
  version: string;
}

export interface Meta {
  title: string;
  author?: string;
  description?: string;
  tags?: string[];
  licence?: string;
  created?: string;
  source?: string;
  [extra: string]: unknown;
}

export interface HexRef {
  col: number;
  row: number;
}

export type Shape =
  | { shape: 'polygon'; points: Point[] }
  | { shape: 'circle'; center: Point; radius: number }
  | { shape: 'point'; at: Point }
  | { shape: 'rect'; x: number; y: number; width: number; height: number }
  | { shape: 'edgeStrip'; edge: Edge; depth: number; from?: number; to?: number }
  | { shape: 'hexes'; hexes: HexRef[] };

export interface RulesOverrides {
  impassableTo?: MobilityClass[];
  moveCost?: number;
  blocksLOSFor?: MobilityClass[];
  concealing?: boolean;
  coverClass?: CoverClass;
  strongCover?: boolean;
}

interface FeatureBase extends Extensions {
  id: string;
  name?: string;
  notes?: string;
  locked?: boolean;
  hidden?: boolean;
  rules?: RulesOverrides;
}

interface Slopes {
  left: number;
  right: number;
}

export interface GroundFeature extends FeatureBase {
  kind: 'ground';
  points: Point[];
  level: number;
  height: number;
  colour?: string;
  bank?: 'A' | 'B';
}
export interface CreekFeature extends FeatureBase {
  kind: 'creek';
  points: Point[];
  width: number;
  bedDepth: number;
  bankWidth?: number;
  slopes?: Slopes;
  fordableBy?: MobilityClass[];
  fordCost?: number;
}
export interface GullyFeature extends FeatureBase {
  kind: 'gully';
  points: Point[];
  width: number;
  depth: number;
  bankWidth?: number;
  slopes?: Slopes;
}
export interface RoadFeature extends FeatureBase {
  kind: 'road';
  points: Point[];
  width: number;
  number?: string;
  role?: 'highway' | 'road' | 'track';
  elevationMode?: 'flat' | 'raised' | 'sloped';
}
interface BridgeBase extends FeatureBase {
  points: Point[];
  number?: string;
  deckHeight?: number;
  spans?: string;
  carries?: string;
  passableBy?: MobilityClass[];
}
export interface BridgeFeature extends BridgeBase {
  kind: 'bridge';
}
export interface CatwalkFeature extends BridgeBase {
  kind: 'catwalk';
}
export type BuildingKind = 'open' | 'closed' | 'underConstruction';
export interface Opening {
  type: 'door' | 'window';
  wall: Edge;
  offset: number;
  width: number;
  floor?: number;
}
export interface BuildingFeature extends FeatureBase {
  kind: 'building';
  x: number;
  y: number;
  rotation?: number;
  width: number;
  depth: number;
  buildingKind: BuildingKind;
  damaged?: boolean;
  floors: number;
  floorHeight?: number;
  roof?: {
    type: 'pitched' | 'flat' | 'partial' | 'none';
    height?: number;
    ridge?: 'width' | 'depth';
    access?: 'none' | 'helper' | 'stairs' | 'ladder';
  };
  openings?: Opening[];
  site?: string;
}
interface BarrierBase extends FeatureBase {
  points: Point[];
  thickness?: number;
  thicknessClass?: 'thin' | 'thick';
  height?: number;
  heightClass?: 'low' | 'high';
  strength?: 'small' | 'strong' | 'heavy';
  breachableByTracked?: boolean;
}
export interface WallFeature extends BarrierBase {
  kind: 'wall';
}
export interface FenceFeature extends BarrierBase {
  kind: 'fence';
}
export interface HedgeFeature extends BarrierBase {
  kind: 'hedge';
}
export interface BushesFeature extends FeatureBase {
  kind: 'bushes';
  points: Point[];
  height?: number;
}
export interface TreeFeature extends FeatureBase {
  kind: 'tree';
  x: number;
  y: number;
  canopyRadius: number;
  trunkRadius?: number;
  height?: number;
  canopyBase?: number;
  climbable?: boolean;
}
export interface WoodsFeature extends FeatureBase {
  kind: 'woods';
  points: Point[];
  height?: number;
  concealing?: boolean;
}
export interface ForestFeature extends FeatureBase {
  kind: 'forest';
  points: Point[];
  height?: number;
  concealing?: boolean;
}
export interface ObstacleFeature extends FeatureBase {
  kind: 'obstacle';
  points: Point[];
  obstacleKind:
    'fallenTree' | 'tankObstacle' | 'largeObject' | 'rubble' | 'wire' | 'crater' | 'other';
  height?: number;
}
export interface BunkerFeature extends FeatureBase {
  kind: 'bunker';
  points: Point[];
  height?: number;
  capacity?: number;
}
export interface WreckFeature extends FeatureBase {
  kind: 'wreck';
  x: number;
  y: number;
  rotation?: number;
  width: number;
  depth: number;
  height?: number;
  weightClass?: 'light' | 'medium' | 'heavy';
}

export type Feature =
  | GroundFeature
  | CreekFeature
  | GullyFeature
  | RoadFeature
  | BridgeFeature
  | CatwalkFeature
  | BuildingFeature
  | WallFeature
  | FenceFeature
  | HedgeFeature
  | BushesFeature
  | TreeFeature
  | WoodsFeature
  | ForestFeature
  | ObstacleFeature
  | BunkerFeature
  | WreckFeature;

export type FeatureKind = Feature['kind'];

/** Every table feature kind, in the order the editor's toolbar lists them. */
export const FEATURE_KINDS: readonly FeatureKind[] = [
  'ground',
  'creek',
  'gully',
  'road',
  'bridge',
  'catwalk',
  'building',
  'wall',
  'fence',
  'hedge',
  'bushes',
  'tree',
  'woods',
  'forest',
  'obstacle',
  'bunker',
  'wreck',
];

/** A picture under the terrain to trace over (schema `common#/$defs/underlay`). */
export interface Underlay extends Extensions {
  name?: string;
  /** The picture as a `data:image/png|jpeg;base64,` URL. */
  embedded?: string;
  /** Or a path relative to the scenario file's folder. */
  path?: string;
  pixelWidth: number;
  pixelHeight: number;
  /** Top-left corner on the table, inches. */
  x: number;
  y: number;
  inchesPerPixel: number;
  /** Degrees clockwise about the top-left corner. */
  rotation?: number;
  opacity?: number;
  locked?: boolean;
  /** Drawn in exports and print too. */
  print?: boolean;
}

/** Hex flags a tile mapping can set. */
export type HexFlag =
  | 'urban'
  | 'rubble'
  | 'woods'
  | 'marsh'
  | 'wire'
  | 'building'
  | 'improvedPosition'
  | 'stopsMovement'
  | 'bogDownRisk';

/** What one Tiled tile means on a hex map (schema `map#/$defs/tileMapping`). */
export interface TileMapping {
  tileset: string;
  tile: number;
  label?: string;
  terrain?: string;
  level?: number;
  flags?: HexFlag[];
}

/** Where an imported hex map came from, with the tile mapping used. */
export interface ImportedFrom {
  from: 'tiled';
  file: string;
  mapping: TileMapping[];
}

export interface TableMap extends Extensions {
  kind: 'table';
  underlay?: Underlay;
  width: number;
  height: number;
  scale?: { figureScale?: string; factor: number };
  baseColour?: string;
  features: Feature[];
}

export interface Hex extends Extensions {
  col: number;
  row: number;
  terrain?: string;
  level?: number;
  urban?: boolean;
  rubble?: boolean;
  woods?: boolean;
  marsh?: boolean;
  wire?: boolean;
  building?: boolean;
  improvedPosition?: boolean;
  stopsMovement?: boolean;
  bogDownRisk?: boolean;
  label?: string;
}

export interface HexsideRef {
  col: number;
  row: number;
  side: number;
}

export interface Hexside extends HexsideRef {
  ridge?: boolean;
  wall?: boolean;
  stream?: boolean;
}

export interface HexMap extends Extensions {
  kind: 'hex';
  orientation: 'flat' | 'pointy';
  offset: 'odd' | 'even';
  columns: number;
  rows: number;
  hexSize?: { metres?: number; inches?: number };
  levels?: { min: number; max: number; metresPerLevel?: number };
  defaultTerrain: string;
  sections?: { id: string; name?: string; fromCol: number; toCol: number }[];
  hexes: Hex[];
  hexsides?: Hexside[];
  contours?: { id: string; level: number; hexsides: HexsideRef[] }[];
  underlay?: Underlay;
  imported?: ImportedFrom;
}

export type GameMap = TableMap | HexMap;

/** Written from the registry by `npm run generate` (scripts/rulesetIds.ts): the one list of ids. */
export type { RulesetId } from './generated/rulesetIds';

export interface RulesetRef extends Extensions {
  id: RulesetId;
  layers?: string[];
  options?: Record<string, boolean | number | string>;
}

export interface CrewEntry extends Extensions {
  role: string;
  count: number;
}

export interface Unit extends Extensions {
  id: string;
  type: string;
  name?: string;
  role?: string;
  crew?: CrewEntry[];
  passengers?: string[];
  position?: Point | HexRef;
  facing?: number;
  turretFacing?: number;
  cards?: ({ card: string; hidden?: boolean } & Extensions)[];
  ammo?: Record<string, number>;
  points?: number;
}

export type FormationKind =
  'squad' | 'section' | 'team' | 'commandTeam' | 'platoon' | 'company' | 'battery' | 'group';

export interface Formation extends Extensions {
  id: string;
  name?: string;
  kind?: FormationKind;
  card?: string;
  leader?: string;
  units: Unit[];
  formations?: Formation[];
}

export interface Side extends Extensions {
  id: string;
  name: string;
  colour?: string;
  nation?: string;
  alliance?: string;
  pointsLimit?: number;
  formations: Formation[];
}

export interface Forces extends Extensions {
  sides: Side[];
}

export interface Objective extends Extensions {
  id: string;
  name?: string;
  kind: 'holdZone' | 'vpPerTurn' | 'reach' | 'destroy' | 'exit';
  area?: Shape;
  owner?: string;
  hidden?: boolean;
  revealOn?: 'firstEntry' | 'end' | 'never';
  holdTurns?: number;
  holders?: {
    classes?: string[];
    requiredRoles?: { role: string; min: number }[];
    excludeEnemy?: boolean;
  } & Extensions;
  victoryPoints?: number;
  vpPerTurn?: number;
  skipFirstTurn?: boolean;
  targets?: string[];
}

export interface VictoryCondition extends Extensions {
  id: string;
  kind:
    | 'objectiveAchieved'
    | 'mostVictoryPoints'
    | 'destroyAll'
    | 'destroyUnits'
    | 'survive'
    | 'turnLimitReached'
    | 'allAchievedSameTurn';
  side?: string;
  objective?: string;
  objectives?: string[];
  units?: string[];
  classes?: string[];
  /** For mostVictoryPoints: the victory points that win at once. */
  points?: number;
  result?: 'win' | 'draw';
  description?: string;
}

export interface Victory extends Extensions {
  turnLimit?: number;
  timeLimitMinutes?: number;
  conditions: VictoryCondition[];
  otherwise?: 'draw' | 'mostVictoryPoints';
  pointsToWin?: number;
}

export interface DeploymentZone extends Extensions {
  id: string;
  side: string;
  name?: string;
  area: Shape;
  turn?: number;
}

export interface EntryEdge extends Extensions {
  id: string;
  side: string;
  edge: Edge;
  label?: string;
  from?: number;
  to?: number;
}

export interface Deployment extends Extensions {
  zones?: DeploymentZone[];
  entryEdges?: EntryEdge[];
  attacker?: string;
  order?: string[];
}

/** Fields every Sandtable file starts with. */
export interface Envelope<F extends string> extends Extensions {
  format: F;
  formatVersion: number;
  app: AppStamp;
  meta: Meta;
}

export interface ScenarioDoc extends Envelope<'sandtable.scenario'> {
  ruleset: RulesetRef;
  map: GameMap;
  forces: Forces;
  objectives: Objective[];
  victory: Victory;
  deployment: Deployment;
  catalog?: ScenarioCatalog;
  /** How the scenario is played in the playtest and the balance lab (not the table itself). */
  playtest?: PlaytestSettings;
}

/**
 * Which bot plays a side: a style, which each ruleset's bot reads in its own terms, the random
 * baseline, or the search bot (the strong one).
 */
export type BotStyleName = 'cautious' | 'balanced' | 'aggressive' | 'random' | 'search';

/** How a scenario is played in Sandtable's playtest and balance lab. */
export interface PlaytestSettings extends Extensions {
  /** The bot per side id; a side not named plays balanced. */
  bots?: Record<string, BotStyleName>;
  /**
   * The strong (search) bot's strength, 1 (quick) to 5 (strongest): more weighs more turns for
   * longer. Absent: the playtest's default (4) and the lab's (2).
   */
  searchStrength?: number;
}

export interface MapDoc extends Envelope<'sandtable.map'> {
  map: GameMap;
}

export interface ForcesDoc extends Envelope<'sandtable.forces'> {
  ruleset: RulesetRef;
  forces: Forces;
}

export interface ObjectivesDoc extends Envelope<'sandtable.objectives'> {
  objectives: Objective[];
  victory: Victory;
  deployment?: Deployment;
}

export interface WeaponMount extends Extensions {
  weapon: string;
  mount?: 'turret' | 'hull' | 'pintle' | 'fixed' | 'coax' | 'carried';
  arcDeg?: number;
  ammo?: Record<string, number>;
}

export type Stats = Record<string, number | string | boolean>;

export interface UnitType extends Extensions {
  id: string;
  name: string;
  class: 'infantry' | 'team' | 'vehicle' | 'tank' | 'gun' | 'helicopter' | 'transport';
  roles?: string[];
  mobility?: 'foot' | 'wheeled' | 'halfTracked' | 'tracked' | 'towed' | 'static' | 'air';
  speeds?: Record<string, number>;
  armour?: { front?: number; side?: number; rear?: number };
  weapons?: WeaponMount[];
  crew?: CrewEntry[];
  capacity?: number;
  size?: { width?: number; length?: number; height?: number };
  points?: number;
  nation?: string;
  alliance?: string;
  keywords?: string[];
  slots?: { crew?: number; ammo?: number };
  stats?: Stats;
  source?: string;
  placeholder?: boolean;
}

export interface RangeBand extends Extensions {
  band: string;
  max: number;
  toHit?: number;
  impact?: number;
}

export interface WeaponType extends Extensions {
  id: string;
  name: string;
  kind:
    | 'smallArms'
    | 'machineGun'
    | 'cannon'
    | 'bazooka'
    | 'mortar'
    | 'howitzer'
    | 'grenade'
    | 'flamethrower'
    | 'missile';
  ranges?: RangeBand[];
  minRange?: number;
  template?: {
    shape: 'circle' | 'cone' | 'sector' | 'aimingMatrix';
    length?: number;
    width?: number;
    angleDeg?: number;
  };
  stats?: Stats;
  source?: string;
  placeholder?: boolean;
}

export interface TerrainType extends Extensions {
  id: string;
  name: string;
  appliesTo?: 'table' | 'hex';
  rules?: RulesOverrides;
  colour?: string;
  stats?: Stats;
  source?: string;
  placeholder?: boolean;
}

export interface Card extends Extensions {
  id: string;
  name: string;
  cardType: 'crew' | 'upgrade' | 'ammo' | 'platoon' | 'critical' | 'command' | 'combat' | 'model';
  points?: number;
  hero?: boolean;
  nations?: string[];
  alliance?: string;
  appliesTo?: string[];
  count?: number;
  text?: string;
  effect?: Stats;
  source?: string;
  placeholder?: boolean;
}

export type Cell = number | string | boolean | null | unknown[];

export interface RulesTable extends Extensions {
  description?: string;
  ruleId?: string;
  columns?: string[];
  rows: Record<string, Cell>[];
  source?: string;
  placeholder?: boolean;
}

export interface ScenarioCatalog extends Extensions {
  units?: UnitType[];
  weapons?: WeaponType[];
  terrainTypes?: TerrainType[];
  cards?: Card[];
}

export interface CatalogDoc extends Envelope<'sandtable.catalog'>, ScenarioCatalog {
  id: string;
  ruleset: RulesetId;
  layer: string;
  placeholder?: boolean;
  extends?: string[];
  tables?: Record<string, RulesTable>;
  constants?: Stats;
}

export interface DocByFormat {
  'sandtable.scenario': ScenarioDoc;
  'sandtable.map': MapDoc;
  'sandtable.forces': ForcesDoc;
  'sandtable.objectives': ObjectivesDoc;
  'sandtable.catalog': CatalogDoc;
}

export type FormatName = keyof DocByFormat;
export type AnyDoc = DocByFormat[FormatName];

export const FORMAT_NAMES: readonly FormatName[] = [
  'sandtable.scenario',
  'sandtable.map',
  'sandtable.forces',
  'sandtable.objectives',
  'sandtable.catalog',
];

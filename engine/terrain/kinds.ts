/**
 * What each table terrain kind is, in one table: how its points are read, how it shapes the ground
 * others stand on, and whether the layout checks treat it as a barrier line. The sets the engine
 * asks ("which kinds shape the ground?", "which kinds are closed outlines?") are read from it, so a
 * new kind is one entry here (the `Record` breaks the build until it has one) plus the schema.
 *
 * What a kind does in a game (cover, movement cost, whether it blocks sight and how high it is)
 * comes from the ruleset's catalog terrain types, not from here. The switches that need a kind's
 * own fields (a band's height, a deck's height, a creek's bed depth) stay switches over the kind,
 * with no default, so they break the build too.
 */
import type { FeatureKind } from '../format/types';

/** How a kind's geometry is written in the file. */
export type KindOutline =
  /** `points` are a closed outline. */
  | 'ring'
  /** `points` are a centre line with a `width` (a road). */
  | 'strip'
  /** `points` are a centre line of a sunken channel with a floor and banks (creek, gully). */
  | 'channel'
  /** `points` are an open line (wall, fence, hedge). */
  | 'line'
  /** `x`, `y`, `width`, `depth`, `rotation`: a rectangle (building, wreck). */
  | 'rect'
  /** `x`, `y` and a canopy radius (a tree). */
  | 'circle';

/** How a kind shapes the ground the rest of the table stands on. */
export type KindGround =
  /** A raised band of ground at its `height`. */
  | 'band'
  /** A sunken bed below the ground around it. */
  | 'bed'
  /** A deck at its `deckHeight` over what lies below (bridge, catwalk). */
  | 'deck'
  /** A road: at the ground's level, or cut through raised ground when flat. */
  | 'road'
  /** Stands on the ground and does not change it. */
  | 'none';

export interface KindSpec {
  readonly outline: KindOutline;
  readonly ground: KindGround;
  /** A line a man or a vehicle must cross (the reachability check draws it as a barrier). */
  readonly barrier: boolean;
}

export const KINDS: Readonly<Record<FeatureKind, KindSpec>> = {
  ground: { outline: 'ring', ground: 'band', barrier: false },
  creek: { outline: 'channel', ground: 'bed', barrier: false },
  gully: { outline: 'channel', ground: 'bed', barrier: false },
  road: { outline: 'strip', ground: 'road', barrier: false },
  bridge: { outline: 'ring', ground: 'deck', barrier: false },
  catwalk: { outline: 'ring', ground: 'deck', barrier: false },
  building: { outline: 'rect', ground: 'none', barrier: false },
  wall: { outline: 'line', ground: 'none', barrier: true },
  fence: { outline: 'line', ground: 'none', barrier: true },
  hedge: { outline: 'line', ground: 'none', barrier: true },
  bushes: { outline: 'ring', ground: 'none', barrier: false },
  tree: { outline: 'circle', ground: 'none', barrier: false },
  woods: { outline: 'ring', ground: 'none', barrier: false },
  forest: { outline: 'ring', ground: 'none', barrier: false },
  obstacle: { outline: 'ring', ground: 'none', barrier: false },
  bunker: { outline: 'ring', ground: 'none', barrier: false },
  wreck: { outline: 'rect', ground: 'none', barrier: false },
};

const kindsWhere = (test: (spec: KindSpec) => boolean): ReadonlySet<FeatureKind> =>
  new Set((Object.keys(KINDS) as FeatureKind[]).filter((k) => test(KINDS[k])));

/** Kinds whose `points` are a closed outline (an area); the other kinds with points are lines. */
export const RING_KINDS = kindsWhere((s) => s.outline === 'ring');

/**
 * Kinds that set the ground's height wherever they lie (bands, beds, decks): the terrain index
 * places them first so everything else can stand on them.
 */
export const GROUND_KINDS = kindsWhere((s) => s.ground !== 'none' && s.ground !== 'road');

/** Kinds a line of sight must read to know the ground under it: the ground kinds and roads. */
export const GROUND_SHAPING_KINDS = kindsWhere((s) => s.ground !== 'none');

/** Lines a unit must cross: walls, fences and hedges. */
export const BARRIER_KINDS = kindsWhere((s) => s.barrier);

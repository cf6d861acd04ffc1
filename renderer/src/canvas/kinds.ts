import type { FeatureKind } from '../../../engine/format/types';

/**
 * How the editor shows each table terrain kind, in one table (as the engine's
 * `engine/terrain/kinds.ts` says what each kind is): its name, the band it is painted in and the
 * key of its drawing tool. The `Record` breaks the build until a new kind has an entry; how a kind
 * is drawn stays in the painter's switch over kinds (`paintTable.ts`), which needs its own fields.
 */
export interface KindView {
  /** Its name in menus, the toolbar, the feature list and the inspector. */
  readonly label: string;
  /**
   * Terrain draws in bands, like the layers of a printed map: ground (0), water (1), roads (2,
   * one band so every casing is drawn before every surface and crossings merge), decks (3),
   * vegetation (4), obstacles and lines (5), buildings and wrecks (6), trees (7). Within a band
   * the document order decides.
   */
  readonly band: number;
  /** The key that picks its drawing tool, when it has one. */
  readonly key?: string;
}

export const KIND_VIEWS: Readonly<Record<FeatureKind, KindView>> = {
  ground: { label: 'Ground band', band: 0, key: 'L' },
  creek: { label: 'Creek', band: 1, key: 'C' },
  gully: { label: 'Gully', band: 1, key: 'Y' },
  road: { label: 'Road', band: 2, key: 'R' },
  bridge: { label: 'Bridge', band: 3, key: 'J' },
  catwalk: { label: 'Catwalk', band: 3 },
  building: { label: 'Building', band: 6, key: 'B' },
  wall: { label: 'Wall', band: 5, key: 'W' },
  fence: { label: 'Fence', band: 5, key: 'F' },
  hedge: { label: 'Hedge', band: 5, key: 'E' },
  bushes: { label: 'Bushes', band: 4, key: 'U' },
  tree: { label: 'Tree', band: 7, key: 'T' },
  woods: { label: 'Woods', band: 4, key: 'O' },
  forest: { label: 'Forest', band: 4, key: 'P' },
  obstacle: { label: 'Obstacle', band: 5, key: 'X' },
  bunker: { label: 'Bunker', band: 5, key: 'Q' },
  wreck: { label: 'Wreck', band: 6 },
};

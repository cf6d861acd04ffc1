/**
 * Hex maps in the engine: axial coordinates, the four offset layouts of the map file (and of
 * Tiled), hexsides, distance, range, ring, table positions and an exact line tracer.
 */
export * from './coords';
export * from './offset';
export * from './hexside';
export * from './pixel';
export * from './line';
export * from './grid';
export * from './area';

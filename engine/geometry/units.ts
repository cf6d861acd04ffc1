/**
 * Branded coordinate and id types. Lengths on a table are inches; hex maps use offset
 * (col, row) in files and axial (q, r) in the engine. Brands stop the spaces being mixed by accident.
 */
declare const brand: unique symbol;
export type Brand<T, B extends string> = T & { readonly [brand]: B };

/** A length on the table, in inches. */
export type Inches = Brand<number, 'Inches'>;
/** An angle in degrees, clockwise from east. */
export type Degrees = Brand<number, 'Degrees'>;
/** A point on the table in inches from the top-left corner; y grows southwards. */
export interface TablePoint {
  readonly x: Inches;
  readonly y: Inches;
}
/**
 * An axial hex coordinate (q, r); the cube coordinate s is -q - r. Made by `axial()` in
 * engine/hex, never from a file's (col, row) directly: offset and axial numbers differ.
 */
export type Axial = Brand<{ readonly q: number; readonly r: number }, 'Axial'>;
export type FeatureId = Brand<string, 'FeatureId'>;
export type UnitId = Brand<string, 'UnitId'>;
export type SideId = Brand<string, 'SideId'>;

export const inches = (n: number): Inches => n as Inches;
export const degrees = (n: number): Degrees => n as Degrees;
export const tablePoint = (x: number, y: number): TablePoint => ({ x: inches(x), y: inches(y) });

/** A height above base ground (Tankplank dark green), in inches. */
export type Height = Inches;
/** A point on the table with a height above base ground: the 2.5-D space of line of sight. */
export interface ElevatedPoint extends TablePoint {
  readonly z: Height;
}
/** A fraction of one turn's movement allowance: 1 = a full move, 0.5 = a half move. */
export type MoveFraction = Brand<number, 'MoveFraction'>;

export const moveFraction = (n: number): MoveFraction => n as MoveFraction;
export const elevatedPoint = (x: number, y: number, z: number): ElevatedPoint => ({
  x: inches(x),
  y: inches(y),
  z: inches(z),
});

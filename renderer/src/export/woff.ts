import { unzlibSync } from 'fflate';

/**
 * Turns a WOFF 1.0 font back into the TrueType/OpenType file it wraps (each table is zlib
 * compressed, or stored when that is not smaller). fontkit reads WOFF too, but re-inflates tables
 * on every glyph lookup, which made a PDF with a few hundred labels take seconds; from the sfnt it
 * takes milliseconds.
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const v = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (v.getUint32(0) !== 0x774f4646) throw new Error('not a WOFF font (no wOFF signature)');
  const flavor = v.getUint32(4);
  const numTables = v.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const tag = v.getUint32(at);
    const offset = v.getUint32(at + 4);
    const compLength = v.getUint32(at + 8);
    const origLength = v.getUint32(at + 12);
    const checksum = v.getUint32(at + 16);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? unzlibSync(raw) : raw;
    if (data.length !== origLength) throw new Error('a WOFF table does not unpack to its length');
    tables.push({ tag, checksum, data });
  }
  const headerSize = 12 + 16 * numTables;
  const size = tables.reduce((s, t) => s + ((t.data.length + 3) & ~3), headerSize);
  const out = new Uint8Array(size);
  const o = new DataView(out.buffer);
  let pow = 1;
  let log = 0;
  while (pow * 2 <= numTables) {
    pow *= 2;
    log++;
  }
  o.setUint32(0, flavor);
  o.setUint16(4, numTables);
  o.setUint16(6, pow * 16);
  o.setUint16(8, log);
  o.setUint16(10, numTables * 16 - pow * 16);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    o.setUint32(at, t.tag);
    o.setUint32(at + 4, t.checksum);
    o.setUint32(at + 8, offset);
    o.setUint32(at + 12, t.data.length);
    out.set(t.data, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}

/**
 * The parts of an upload staged in the bucket. Each PATCH's bytes are one object named by where they start and how many
 * they are (`tus/<id>.p<offset>.<size>`), never by a counter read from a shared state: two writers (a PATCH cut short
 * that stores its bytes after the client went on, a re-sent PATCH, two instances) never write the same object unless
 * they hold the same bytes of the same file. Nothing is read, changed and written back, so nothing is lost to a late
 * writer; the offset is worked out from the parts there are.
 */
export interface Part {
  key: string;
  offset: number;
  size: number;
}

const PREFIX = 'tus/';
export const infoKey = (id: string): string => `${PREFIX}${id}.info`;
export const doneKey = (id: string): string => `${PREFIX}${id}.done`;
export const partKey = (id: string, offset: number, size: number): string => `${PREFIX}${id}.p${offset}.${size}`;
/** Everything an upload keeps in the bucket starts with this. */
export const uploadPrefix = (id: string): string => `${PREFIX}${id}.`;
export const STAGING_PREFIX = PREFIX;

const partName = /\.p(\d+)\.(\d+)$/;

/** The part a key names, or null for the upload's other objects. */
export function partOf(key: string): Part | null {
  const m = partName.exec(key);
  if (!m) return null;
  const size = Number(m[2]);
  return size > 0 ? { key, offset: Number(m[1]), size } : null;
}

/**
 * Parts stored before they were named by offset (`tus/<id>.<n>`, their sizes listed in the state, in order): an upload
 * begun before an update goes on after it.
 */
export function legacyParts(id: string, sizes: number[] | undefined): Part[] {
  let offset = 0;
  return (sizes ?? []).map((size, n) => {
    const part = { key: `${PREFIX}${id}.${n}`, offset, size };
    offset += size;
    return part;
  });
}

/**
 * How far the bytes reach without a gap from the start, and the parts that cover them in order. Parts that overlap
 * (the same bytes stored twice, by a PATCH cut short and the one that resent them) are all fine: any chain from 0 to
 * the end holds the file's bytes.
 */
export function chainOf(parts: Part[]): { offset: number; chain: Part[] } {
  const sorted = [...parts].sort((a, b) => a.offset - b.offset || a.size - b.size);
  const via = new Map<number, Part | null>([[0, null]]);
  let offset = 0;
  for (const p of sorted) {
    const end = p.offset + p.size;
    if (!via.has(p.offset) || via.has(end)) continue;
    via.set(end, p);
    offset = Math.max(offset, end);
  }
  const chain: Part[] = [];
  for (let at = offset; at > 0;) {
    const p = via.get(at)!;
    chain.unshift(p);
    at = p.offset;
  }
  return { offset, chain };
}

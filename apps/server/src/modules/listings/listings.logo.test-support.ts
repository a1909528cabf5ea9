import { crc32, deflateSync } from 'node:zlib';

/**
 * Real, tiny images for the logo tests, written byte by byte: a PNG (any size, RGBA, a gradient)
 * and a baseline greyscale JPEG (one Huffman code for 'DC unchanged' and one for 'end of block':
 * a flat mid-grey picture every decoder reads), plus a GIF header.
 */

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

export function makePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) row.set([x & 255, y & 255, 128, 255], 1 + x * 4);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function segment(marker: number, body: number[]): number[] {
  const length = body.length + 2;
  return [0xff, marker, length >> 8, length & 255, ...body];
}

export function makeJpeg(width: number, height: number): Buffer {
  const quant = segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]);
  const frame = segment(0xc0, [8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0]);
  // Huffman tables: class/id, 16 counts of codes per length, then the symbols (one 1-bit code each).
  const oneCode = [1, ...new Array<number>(15).fill(0)];
  const dc = segment(0xc4, [0x00, ...oneCode, 0x00]);
  const ac = segment(0xc4, [0x10, ...oneCode, 0x00]);
  const scan = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  // Each 8×8 block: DC category 0 ('0') and end of block ('0'); pad the last byte with ones.
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const data = new Array<number>(Math.ceil(bits / 8)).fill(0);
  const pad = data.length * 8 - bits;
  if (pad > 0) data[data.length - 1] = (1 << pad) - 1;
  return Buffer.from([0xff, 0xd8, ...quant, ...frame, ...dc, ...ac, ...scan, ...data, 0xff, 0xd9]);
}

/** A 1 × 1 GIF (header, screen descriptor, no colour table, an image and the trailer). */
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAACAkQBADs=', 'base64');

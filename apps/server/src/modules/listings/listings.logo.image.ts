import { crc32, inflateSync } from 'node:zlib';
import { LISTING_RULES } from '@namebourse/contract';
import { imageSize } from 'image-size';
import { AppError } from '../../platform/errors.ts';

/**
 * Uploaded logos (spec §5, §9): JPG or PNG, at most LISTING_RULES.logoMaxBytes and
 * LISTING_RULES.logoMaxPixels on each side — decided by the file's bytes, never by its name or the
 * type the browser declared. `image-size` reads the real type and dimensions from the header; the
 * file is then walked to its end (PNG: every chunk's CRC, the image data inflated to exactly the
 * size the header promises; JPEG: every segment up to the end-of-image marker), so a truncated or
 * corrupt file is refused here instead of showing as a broken image on the market.
 *
 * Refusals: Request.PayloadTooLarge (too many bytes), Request.UnsupportedMediaType (not a PNG or
 * JPEG: GIF, SVG, text …), Listing.LogoInvalid (too many pixels, or a PNG/JPEG that does not
 * decode), Listing.UploadFailed (nothing arrived).
 */

export type LogoMime = 'image/png' | 'image/jpeg';

export interface LogoImage {
  mime: LogoMime;
  width: number;
  height: number;
  bytes: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function invalid(reason: string): AppError {
  return new AppError('Listing.LogoInvalid', { cause: new Error(reason) });
}

/** Checks an uploaded logo and returns its real type and size (see the file's header). */
export function inspectLogoImage(data: Uint8Array): LogoImage {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length === 0) throw new AppError('Listing.UploadFailed');
  if (buf.length > LISTING_RULES.logoMaxBytes) throw new AppError('Request.PayloadTooLarge');

  const looksPng = buf.subarray(0, 8).equals(PNG_SIGNATURE);
  const looksJpeg = buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff;
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(buf);
  } catch (err) {
    // A PNG or JPEG signature whose header does not read is a broken image; anything else is not an image we take.
    if (looksPng || looksJpeg) throw new AppError('Listing.LogoInvalid', { cause: err });
    throw new AppError('Request.UnsupportedMediaType', { cause: err });
  }
  const mime: LogoMime | null = size.type === 'png' ? 'image/png' : size.type === 'jpg' ? 'image/jpeg' : null;
  if (!mime) throw new AppError('Request.UnsupportedMediaType');
  const { width, height } = size;
  if (!(width > 0 && height > 0)) throw invalid('no dimensions');
  if (width > LISTING_RULES.logoMaxPixels || height > LISTING_RULES.logoMaxPixels) throw invalid('too many pixels');

  if (mime === 'image/png') checkPng(buf, width, height);
  else checkJpeg(buf);
  return { mime, width, height, bytes: buf.length };
}

// ---- PNG ----

const CHANNELS: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Adam7: x start, y start, x step, y step of each pass. */
const ADAM7: readonly [number, number, number, number][] = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** The (rows, bytes per row without the filter byte) of each pass of the image data. */
function scanlines(width: number, height: number, bitsPerPixel: number, interlaced: boolean): [number, number][] {
  const rowBytes = (w: number) => Math.ceil((w * bitsPerPixel) / 8);
  if (!interlaced) return [[height, rowBytes(width)]];
  const passes: [number, number][] = [];
  for (const [xs, ys, dx, dy] of ADAM7) {
    const w = width > xs ? Math.ceil((width - xs) / dx) : 0;
    const h = height > ys ? Math.ceil((height - ys) / dy) : 0;
    if (w > 0 && h > 0) passes.push([h, rowBytes(w)]);
  }
  return passes;
}

function checkPng(buf: Buffer, width: number, height: number): void {
  let pos = 8;
  let header: { bitDepth: number; colorType: number; interlaced: boolean } | null = null;
  let palette = false;
  let ended = false;
  const idat: Buffer[] = [];
  while (!ended) {
    if (pos + 12 > buf.length) throw invalid('png: truncated chunk');
    const length = buf.readUInt32BE(pos);
    if (length > 0x7fffffff || pos + 12 + length > buf.length) throw invalid('png: truncated chunk');
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const body = buf.subarray(pos + 8, pos + 8 + length);
    if (crc32(buf.subarray(pos + 4, pos + 8 + length)) !== buf.readUInt32BE(pos + 8 + length))
      throw invalid(`png: bad CRC in ${type}`);
    if (!header && type !== 'IHDR') throw invalid('png: IHDR is not first');
    if (type === 'IHDR') {
      if (header || length !== 13) throw invalid('png: bad IHDR');
      const colorType = body[9] as number;
      const bitDepth = body[8] as number;
      const kind = CHANNELS[colorType];
      if (body.readUInt32BE(0) !== width || body.readUInt32BE(4) !== height) throw invalid('png: size mismatch');
      if (!kind?.depths.includes(bitDepth) || body[10] !== 0 || body[11] !== 0 || (body[12] as number) > 1)
        throw invalid('png: bad IHDR fields');
      header = { bitDepth, colorType, interlaced: body[12] === 1 };
    } else if (type === 'PLTE') palette = true;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') ended = true;
    pos += 12 + length;
  }
  if (!header || idat.length === 0) throw invalid('png: no image data');
  if (header.colorType === 3 && !palette) throw invalid('png: no palette');

  const kind = CHANNELS[header.colorType] as { channels: number };
  const passes = scanlines(width, height, kind.channels * header.bitDepth, header.interlaced);
  const expected = passes.reduce((sum, [rows, bytes]) => sum + rows * (bytes + 1), 0);
  let pixels: Buffer;
  try {
    // Never inflate more than the header promises (a decompression bomb stops here).
    pixels = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
  } catch (err) {
    throw new AppError('Listing.LogoInvalid', { cause: err });
  }
  if (pixels.length !== expected) throw invalid('png: image data of the wrong size');
  let at = 0;
  for (const [rows, bytes] of passes) {
    for (let r = 0; r < rows; r++) {
      if ((pixels[at] as number) > 4) throw invalid('png: bad filter type');
      at += bytes + 1;
    }
  }
}

// ---- JPEG ----

function isSof(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function checkJpeg(buf: Buffer): void {
  let pos = 2;
  let frame = false;
  for (;;) {
    if (pos + 2 > buf.length) throw invalid('jpeg: truncated (no end of image)');
    if (buf[pos] !== 0xff) throw invalid('jpeg: expected a marker');
    let marker = buf[pos + 1] as number;
    while (marker === 0xff) {
      pos += 1;
      if (pos + 2 > buf.length) throw invalid('jpeg: truncated');
      marker = buf[pos + 1] as number;
    }
    pos += 2;
    if (marker === 0xd9) {
      if (!frame) throw invalid('jpeg: no frame');
      return;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8 || marker === 0x00) throw invalid('jpeg: unexpected marker');
    if (pos + 2 > buf.length) throw invalid('jpeg: truncated segment');
    const length = buf.readUInt16BE(pos);
    if (length < 2 || pos + length > buf.length) throw invalid('jpeg: truncated segment');
    if (isSof(marker)) {
      if (length < 8) throw invalid('jpeg: bad frame header');
      const height = buf.readUInt16BE(pos + 3);
      const width = buf.readUInt16BE(pos + 5);
      const components = buf[pos + 7] as number;
      if (height === 0 || width === 0 || components < 1 || components > 4 || length !== 8 + components * 3)
        throw invalid('jpeg: bad frame header');
      frame = true;
    }
    pos += length;
    if (marker === 0xda) {
      if (!frame) throw invalid('jpeg: scan before frame');
      // Entropy-coded data: runs until a marker that is not a stuffed 0xFF00 or a restart marker.
      for (;;) {
        const next = buf.indexOf(0xff, pos);
        if (next < 0 || next + 1 >= buf.length) throw invalid('jpeg: truncated scan');
        const after = buf[next + 1] as number;
        if (after === 0x00 || (after >= 0xd0 && after <= 0xd7) || after === 0xff) {
          pos = next + (after === 0xff ? 1 : 2);
          continue;
        }
        pos = next;
        break;
      }
    }
  }
}

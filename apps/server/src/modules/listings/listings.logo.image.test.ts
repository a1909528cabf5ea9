import { LISTING_RULES } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../platform/errors.ts';
import { inspectLogoImage } from './listings.logo.image.ts';
import { GIF_1X1, makeJpeg, makePng } from './listings.logo.test-support.ts';

/** The error code inspectLogoImage refuses the bytes with, or 'ok'. */
function verdict(data: Uint8Array): string {
  try {
    inspectLogoImage(data);
    return 'ok';
  } catch (err) {
    if (isAppError(err)) return err.code;
    throw err;
  }
}

describe('inspectLogoImage', () => {
  it('reads a PNG and a JPEG by their bytes: type, width, height, size', () => {
    const png = makePng(40, 20);
    expect(inspectLogoImage(png)).toEqual({ mime: 'image/png', width: 40, height: 20, bytes: png.length });
    const jpeg = makeJpeg(33, 17);
    expect(inspectLogoImage(jpeg)).toEqual({ mime: 'image/jpeg', width: 33, height: 17, bytes: jpeg.length });
  });

  it('takes exactly 1000 px and refuses 1001 px on either side', () => {
    expect(verdict(makePng(LISTING_RULES.logoMaxPixels, 1))).toBe('ok');
    expect(verdict(makePng(LISTING_RULES.logoMaxPixels + 1, 1))).toBe('Listing.LogoInvalid');
    expect(verdict(makePng(1, LISTING_RULES.logoMaxPixels + 1))).toBe('Listing.LogoInvalid');
    expect(verdict(makeJpeg(LISTING_RULES.logoMaxPixels, 8))).toBe('ok');
    expect(verdict(makeJpeg(8, LISTING_RULES.logoMaxPixels + 1))).toBe('Listing.LogoInvalid');
  });

  it('refuses more than 2000 KB before reading it', () => {
    const big = Buffer.alloc(LISTING_RULES.logoMaxBytes + 1);
    makePng(1, 1).copy(big);
    expect(verdict(big)).toBe('Request.PayloadTooLarge');
  });

  it('decides the type by the bytes: GIF, SVG and text are not taken, whatever their name says', () => {
    expect(verdict(GIF_1X1)).toBe('Request.UnsupportedMediaType');
    expect(verdict(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))).toBe(
      'Request.UnsupportedMediaType',
    );
    expect(verdict(Buffer.from('just some text, saved as logo.png\n'))).toBe('Request.UnsupportedMediaType');
    expect(verdict(Buffer.alloc(0))).toBe('Listing.UploadFailed');
  });

  it('refuses a truncated or corrupt PNG', () => {
    const png = makePng(20, 20);
    expect(verdict(png.subarray(0, png.length - 12))).toBe('Listing.LogoInvalid'); // no IEND
    expect(verdict(png.subarray(0, 40))).toBe('Listing.LogoInvalid'); // cut inside IDAT
    expect(verdict(png.subarray(0, 12))).toBe('Listing.LogoInvalid'); // signature only
    const flipped = Buffer.from(png);
    flipped[50] = (flipped[50] as number) ^ 0xff; // a byte of the image data: its CRC no longer matches
    expect(verdict(flipped)).toBe('Listing.LogoInvalid');
  });

  it('refuses a PNG whose image data does not match its header (a decompression bomb stops early)', () => {
    // Claims 10 × 10 but carries the pixels of 1000 × 1000.
    const small = makePng(10, 10);
    const large = makePng(1000, 1000);
    const ihdr = small.subarray(8, 33);
    const rest = large.subarray(33);
    expect(verdict(Buffer.concat([small.subarray(0, 8), ihdr, rest]))).toBe('Listing.LogoInvalid');
  });

  it('refuses a truncated or corrupt JPEG', () => {
    const jpeg = makeJpeg(16, 16);
    expect(verdict(jpeg.subarray(0, jpeg.length - 2))).toBe('Listing.LogoInvalid'); // no end of image
    expect(verdict(jpeg.subarray(0, 30))).toBe('Listing.LogoInvalid'); // cut in a segment
    expect(verdict(jpeg.subarray(0, 4))).toBe('Listing.LogoInvalid'); // the signature only
  });
});

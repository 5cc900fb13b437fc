/**
 * The avatar's size as its header states it (decisions D48): real pictures Chromium's canvas encoded
 * (avatar-images/), and headers written by hand for the forms it does not make.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

process.env.TABLE_NAME ??= 'unit';
process.env.ATTACHMENTS_BUCKET ??= 'unit';
const { detectImageType, fitsAvatar, imageSize } = await import('../../src/core/user/avatar.ts');

const picture = (name: string) => readFileSync(new URL(`./avatar-images/${name}`, import.meta.url));
const sizeOf = (data: Buffer) => imageSize(data, detectImageType(data) ?? '');

const png = (width: number, height: number) => {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
};
const gif = (width: number, height: number) => {
  const b = Buffer.alloc(13);
  b.write('GIF89a', 0, 'ascii');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
};
const riff = (chunk: string, body: Buffer) =>
  Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'ascii'), Buffer.from(chunk, 'ascii'), body]);
/** Lossy: chunk size, frame tag, the key frame's start code, 14-bit sizes. */
const vp8 = (width: number, height: number) => {
  const b = Buffer.alloc(14);
  b.set([0x9d, 0x01, 0x2a], 7);
  b.writeUInt16LE(width, 10);
  b.writeUInt16LE(height, 12);
  return riff('VP8 ', b);
};
/** Lossless: chunk size, signature 0x2f, then width-1 and height-1 in 14 bits each. */
const vp8l = (width: number, height: number) => {
  const b = Buffer.alloc(9);
  b[4] = 0x2f;
  b.writeUInt32LE((width - 1) | ((height - 1) << 14), 5);
  return riff('VP8L', b);
};

describe('avatar size from the header', () => {
  it('reads JPEG and WebP pictures as Chromium encodes them', () => {
    expect(sizeOf(picture('256.jpg'))).toEqual({ width: 256, height: 256 });
    expect(sizeOf(picture('300x200.jpg'))).toEqual({ width: 300, height: 200 });
    expect(sizeOf(picture('256.webp'))).toEqual({ width: 256, height: 256 });
    expect(sizeOf(picture('300x200.webp'))).toEqual({ width: 300, height: 200 });
    expect(sizeOf(picture('257x10.webp'))).toEqual({ width: 257, height: 10 });
  });

  it('reads PNG, GIF and the two other WebP forms', () => {
    expect(sizeOf(png(256, 256))).toEqual({ width: 256, height: 256 });
    expect(sizeOf(png(4000, 3))).toEqual({ width: 4000, height: 3 });
    expect(sizeOf(gif(257, 20))).toEqual({ width: 257, height: 20 });
    expect(sizeOf(vp8(256, 128))).toEqual({ width: 256, height: 128 });
    expect(sizeOf(vp8l(512, 256))).toEqual({ width: 512, height: 256 });
  });

  it('states no size for a header cut short or broken', () => {
    expect(sizeOf(png(256, 256).subarray(0, 20))).toBeNull();
    expect(sizeOf(picture('256.jpg').subarray(0, 100))).toBeNull();
    expect(sizeOf(Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(sizeOf(riff('VP8 ', Buffer.alloc(14)))).toBeNull();
  });

  it('fits an avatar at up to 256 px a side, and nothing without a stated size', () => {
    expect(fitsAvatar({ width: 256, height: 256 })).toBe(true);
    expect(fitsAvatar({ width: 64, height: 64 })).toBe(true);
    expect(fitsAvatar({ width: 257, height: 256 })).toBe(false);
    expect(fitsAvatar({ width: 256, height: 257 })).toBe(false);
    expect(fitsAvatar({ width: 0, height: 10 })).toBe(false);
    expect(fitsAvatar(null)).toBe(false);
    expect(fitsAvatar(sizeOf(picture('300x200.jpg')))).toBe(false);
    expect(fitsAvatar(sizeOf(picture('256.webp')))).toBe(true);
  });
});

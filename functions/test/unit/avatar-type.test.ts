import { describe, expect, it } from 'vitest';

process.env.TABLE_NAME ??= 'unit';
process.env.ATTACHMENTS_BUCKET ??= 'unit';
const { detectImageType, signingWindowStart } = await import('../../src/core/user/avatar.ts');

describe('avatar type detection', () => {
  it('decides the type from the first bytes, whatever the name says', () => {
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectImageType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});

describe('avatar link signing time', () => {
  it('is the start of the half hour, so links repeat within it and last 30 minutes at least', () => {
    expect(signingWindowStart(new Date('2026-11-25T15:29:59.999Z')).toISOString()).toBe(
      '2026-11-25T15:00:00.000Z',
    );
    expect(signingWindowStart(new Date('2026-11-25T15:30:00.000Z')).toISOString()).toBe(
      '2026-11-25T15:30:00.000Z',
    );
    expect(signingWindowStart(new Date('2026-11-25T15:00:00.000Z')).toISOString()).toBe(
      '2026-11-25T15:00:00.000Z',
    );
  });
});

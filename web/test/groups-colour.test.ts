import { describe, expect, it } from 'vitest';
import { hexOnBlur, inkOn, typedHex } from '../src/features/groups/utils/hex-color.ts';

describe('group colour hex field', () => {
  it('keeps one leading # and at most 6 characters while typing', () => {
    expect(typedHex('7ec242')).toBe('#7ec242');
    expect(typedHex('#7ec2429')).toBe('#7ec242');
    expect(typedHex('##abc')).toBe('#abc');
    expect(typedHex('')).toBe('#');
  });

  it('shows a 6-digit colour in capitals on blur', () => {
    expect(hexOnBlur('#7ec242', '#2F80ED')).toBe('#7EC242');
  });

  it('expands 3 digits to 6 on blur', () => {
    expect(hexOnBlur('#abc', '#2F80ED')).toBe('#AABBCC');
  });

  it('reverts to the last good colour on blur when the text is not a colour', () => {
    expect(hexOnBlur('#12345', '#2F80ED')).toBe('#2F80ED');
    expect(hexOnBlur('#zzz', '#2F80ED')).toBe('#2F80ED');
    expect(hexOnBlur('#', '#2F80ED')).toBe('#2F80ED');
  });

  it('draws dark ink on pale colours and white on deep ones', () => {
    expect(inkOn('#FFCDD2')).toBe('#1A1B1E');
    expect(inkOn('#4F4F4F')).toBe('#FFFFFF');
    expect(inkOn('#2F80ED')).toBe('#FFFFFF');
  });
});

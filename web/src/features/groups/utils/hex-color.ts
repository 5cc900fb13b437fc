/**
 * The colour field's hex input (spec 000 §5): at most 6 characters after '#', 3 or 6 digits
 * accepted, 3 expanded to 6, anything else reverts on blur to the last good colour.
 */
import { normaliseHexColor } from '@tandem/shared/groups/group-constants';

export const HEX_DIGITS_MAX = 6;

/** What the input holds while typing: always one leading '#', then at most 6 characters. */
export function typedHex(raw: string): string {
  return `#${raw.replace(/#/g, '').trim().slice(0, HEX_DIGITS_MAX)}`;
}

/** What the input shows after blur: the typed colour in its full form, or the last good one. */
export function hexOnBlur(typed: string, lastGood: string): string {
  return normaliseHexColor(typed) ?? normaliseHexColor(lastGood) ?? lastGood;
}

/**
 * Ink for an icon drawn on a group's colour: dark on light colours (the pale quick colours), white
 * on the rest. Relative luminance per WCAG; 0.5 splits the palette where the eye does.
 */
export function inkOn(hex: string): '#1A1B1E' | '#FFFFFF' {
  const full = normaliseHexColor(hex);
  if (!full) return '#FFFFFF';
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? '#1A1B1E' : '#FFFFFF';
}

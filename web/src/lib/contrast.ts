import { toRgba } from '@mantine/core';

/** WCAG 2 relative luminance of a CSS colour Mantine can parse (#rgb, #rrggbb, rgb(), rgba()). */
export function relativeLuminance(color: string): number {
  const { r, g, b } = toRgba(color);
  const [R, G, B] = [r, g, b].map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}

/** The WCAG contrast ratio of two opaque colours, 1 to 21 (AA asks 4.5 for text). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

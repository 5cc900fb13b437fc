/**
 * Text colours meet WCAG AA, 4.5:1 (issue 11 item 20): the primary button, links, hints ("dimmed")
 * and the due-date badges, in the light and the dark scheme. The browser test
 * scripts/e2e/accessibility.test.ts checks the drawn pages with axe-core; this pins the palette.
 */
import { DEFAULT_THEME, getContrastColor, mergeMantineTheme, parseThemeColor } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  DARKENED_LIGHT_TEXT,
  darkenedForContrast,
  dimmedText,
  lightVariantText,
  theme as overrides,
} from '../src/app/theme.ts';
import { DUE_TONE_COLOURS, type DueTone } from '../src/features/tasks/utils/due-colour.ts';
import { contrastRatio, relativeLuminance } from '../src/lib/contrast.ts';

const theme = mergeMantineTheme(DEFAULT_THEME, overrides);
const schemes = ['light', 'dark'] as const;

const luminance = relativeLuminance;
const contrast = contrastRatio;
const hexOf = (color: string, colorScheme: 'light' | 'dark') =>
  parseThemeColor({ color, theme, colorScheme }).value;
/** What Mantine writes on a filled surface of `color` with autoContrast on. */
const inkOn = (color: string, colorScheme: 'light' | 'dark') =>
  getContrastColor({ color, theme, autoContrast: true, colorScheme }) === 'var(--mantine-color-black)'
    ? theme.black
    : theme.white;

describe('the WCAG helper', () => {
  it('gives the known ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#228be6', '#ffffff')).toBeCloseTo(3.56, 2);
    expect(contrast('#fff', 'rgba(0, 0, 0, 1)')).toBeCloseTo(21, 5);
  });
});

describe('theme colours', () => {
  it.each(schemes)('white on the primary filled colour is 4.5:1 or more (%s)', (scheme) => {
    const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade[scheme] : theme.primaryShade;
    const fill = theme.colors[theme.primaryColor]![shade]!;
    expect(contrast(fill, theme.white)).toBeGreaterThanOrEqual(4.5);
    // The light scheme's links use the same shade on white.
    if (scheme === 'light') expect(contrast(fill, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text is 4.5:1 or more on the body and the slightly tinted surfaces', () => {
    for (const bg of ['#ffffff', theme.colors.gray[0], theme.colors.gray[1]])
      expect(contrast(dimmedText.light, bg!)).toBeGreaterThanOrEqual(4.5);
    for (const bg of [theme.colors.dark[7], theme.colors.dark[6], theme.colors.dark[8]])
      expect(contrast(dimmedText.dark, bg!)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the light variant (tinted badges and buttons) in the light scheme', () => {
  it.each(Object.keys(DEFAULT_THEME.colors))('%s: its text is 4.5:1 or more on its tint', (name) => {
    const tint = theme.colors[name]![1]!;
    expect(contrast(lightVariantText(name), tint)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.keys(DEFAULT_THEME.colors))('%s: the written-out table is what the rule gives', (name) => {
    expect(lightVariantText(name)).toBe(darkenedForContrast(name));
    expect(name in DARKENED_LIGHT_TEXT).toBe(darkenedForContrast(name) !== theme.colors[name]![9]);
  });

  it('keeps the hue: only the colours that failed change, and only a little', () => {
    expect(lightVariantText('blue')).toBe(theme.colors.blue[9]);
    expect(lightVariantText('teal')).not.toBe(theme.colors.teal[9]);
    expect(contrast(lightVariantText('yellow'), theme.colors.yellow[1]!)).toBeLessThan(6);
  });
});

describe('due-date badges', () => {
  const tones = Object.keys(DUE_TONE_COLOURS) as DueTone[];
  for (const scheme of schemes) {
    it.each(tones)(`the %s badge's text is 4.5:1 or more on it (${scheme})`, (tone) => {
      const bg = hexOf(DUE_TONE_COLOURS[tone], scheme);
      expect(contrast(bg, inkOn(DUE_TONE_COLOURS[tone], scheme))).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('keeps the four tones apart, today lighter than overdue', () => {
    const l = tones.map((tone) => luminance(hexOf(DUE_TONE_COLOURS[tone], 'light')));
    expect(new Set(l).size).toBe(4);
    expect(luminance(hexOf(DUE_TONE_COLOURS.today, 'light'))).toBeGreaterThan(
      luminance(hexOf(DUE_TONE_COLOURS.overdue, 'light')),
    );
  });
});

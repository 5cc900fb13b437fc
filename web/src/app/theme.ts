import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, darken } from '@mantine/core';
import { contrastRatio } from '../lib/contrast.ts';

/**
 * Fields carry `required` for assistive technology; the label stays the plain word (no asterisk).
 * Plain objects, not `Select.extend(...)`: importing the components here would put Select and its
 * popover engine on the start-up path.
 */
const plainLabel = { defaultProps: { withAsterisk: false } };

/**
 * Links are underlined, not told apart by colour alone (WCAG 1.4.1): "Already have an account? Sign
 * in" is a link inside a sentence whose colour differs from the text around it by less than 3:1.
 */
const underlinedLink = { defaultProps: { underline: 'always' } };

/**
 * Colours meet WCAG AA (4.5:1 for text, checked by scripts/e2e/accessibility.test.ts with axe-core):
 * the primary shade is blue.8 in both schemes, so white on a filled button and the link colour on
 * white pass (blue.6 was 3.6:1); see `dimmedText` for hints.
 *
 * `md` is moved to 64em (1024 px): the sidebar collapses below it (spec 001 §2), and the burger
 * and the navbar both use `md`.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  cursorType: 'pointer',
  components: {
    TextInput: plainLabel,
    PasswordInput: plainLabel,
    NativeSelect: plainLabel,
    Select: plainLabel,
    Anchor: underlinedLink,
    // A toast's close button is named (Mantine leaves it unnamed; axe's button-name, D71).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/**
 * Hints and secondary text ("dimmed"): Mantine's gray.6 is 3.3:1 on white and dark.2 4.0:1 on the
 * dark body. One step darker (light) and lighter (dark) keeps the look and passes 4.5:1 on the body
 * and on the gray.0/gray.1 (dark.6) surfaces that cards and hovered rows use.
 */
export const dimmedText = { light: '#646b72', dark: '#9a9a9a' } as const;

/**
 * Text of the "light" variant (a tinted badge or button: shade 9 on shade 1) in the light scheme.
 * For teal, green, lime, yellow and orange that is 2.7 to 4.3:1; those get shade 9 darkened just
 * enough for 4.5:1 (`darkenedForContrast`). The other colours keep Mantine's shade 9.
 */
export function darkenedForContrast(name: string): string {
  const shades = DEFAULT_THEME.colors[name as keyof typeof DEFAULT_THEME.colors];
  if (!shades) throw new Error(`Unknown colour ${name}`);
  let ink = shades[9];
  for (let step = 0.05; contrastRatio(ink, shades[1]) < 4.5 && step < 1; step += 0.05)
    ink = darken(shades[9], step);
  return ink;
}

/**
 * `darkenedForContrast` of the colours it changes, written out: every start worked them out in its
 * first task (28 colour parses and darkenings; 1.1–1.4 ms cold in Node, several times that on a slow
 * phone). web/test/colour-contrast.test.ts checks the table against the rule for every colour.
 */
export const DARKENED_LIGHT_TEXT: Readonly<Record<string, string>> = {
  teal: 'rgba(8, 121, 86, 1)',
  green: 'rgba(39, 124, 56, 1)',
  lime: 'rgba(74, 118, 10, 1)',
  yellow: 'rgba(161, 83, 0, 1)',
  orange: 'rgba(184, 61, 13, 1)',
};

export const lightVariantText = (name: string): string =>
  DARKENED_LIGHT_TEXT[name] ?? DEFAULT_THEME.colors[name as 'red'][9];

const lightVariantOverrides = Object.fromEntries(
  Object.entries(DARKENED_LIGHT_TEXT).map(([name, ink]) => [`--mantine-color-${name}-light-color`, ink]),
);

/**
 * The primary colour's "light" variant (the active sidebar link, light buttons) in the light scheme:
 * text shade 9 and a hover tint of shade 1, 4.9:1. Mantine's own (shade 8 on shade 2 under the
 * pointer) is 3.3:1.
 */
const primaryLightText = {
  '--mantine-primary-color-light-color': 'var(--mantine-color-blue-9)',
  '--mantine-primary-color-light-hover': 'var(--mantine-color-blue-1)',
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': dimmedText.light, ...lightVariantOverrides, ...primaryLightText },
  dark: { '--mantine-color-dimmed': dimmedText.dark },
});

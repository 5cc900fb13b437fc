/**
 * axe-core in the browser tests: its standard rule set (every WCAG 2.0–2.2 A/AA rule and the best
 * practices; not the rules axe marks experimental), as axe DevTools and Lighthouse run it. Serious and
 * critical findings fail a test. One home for the setup every browser test shared.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical findings on the page, or inside the element `within` selects. */
export async function axeFindings(page: Page, within?: string): Promise<Result[]> {
  // Let transitions (modal fade-in, popovers) finish so colours are measured as the person sees them;
  // an endless animation (a recording indicator's pulse) is not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
  // Evaluated through DevTools rather than added as a <script>: the site's Content-Security-Policy
  // refuses inline scripts, and the audit should see the page with its real headers.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = (await page.evaluate(
    (sel) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe.run(
        sel ? document.querySelector(sel) : document,
        { resultTypes: ['violations'] },
      ),
    within ?? null,
  )) as AxeResults;
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The findings as one line each (rule: the offending elements), for a test's expectation. */
export async function violations(page: Page, within?: string): Promise<string[]> {
  return (await axeFindings(page, within)).map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`,
  );
}

/**
 * Counts the elements matching a selector that are added to a page from before its own script runs:
 * a cold start's first draws (rows drawn once, not twice; no loading skeleton drawn at all).
 */
import type { Page } from 'playwright-core';

/** Starts counting on every later navigation of `page`; read the count with `addedElements`. */
export async function countAddedElements(page: Page, selector: string): Promise<void> {
  await page.addInitScript((sel) => {
    const w = window as unknown as { addedElements: number };
    w.addedElements = 0;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof Element)
            w.addedElements += [node, ...node.querySelectorAll('*')].filter((e) => e.matches(sel)).length;
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

/** How many matching elements were added since the page's navigation began. */
export const addedElements = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { addedElements: number }).addedElements);

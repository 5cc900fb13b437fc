/**
 * Lighthouse on Debian's Chromium, for any category. The browser is the one `openBrowser({ devtools:
 * true })` starts (the same flags and fresh profile as every browser test); Lighthouse reaches it
 * through puppeteer-core over the DevTools port, so a page can be driven to a state with Playwright
 * (signed in, a dialog open) and audited there.
 *
 * - `snapshot`: the page as it is now, nothing reloaded (accessibility and best practices of a state).
 * - `navigation`: a fresh load of a URL in the same browser (performance needs a load), with the
 *   mobile or desktop preset. The session's storage is kept, so a signed-in page stays signed in; the
 *   HTTP cache is emptied first, so each load is a cold one.
 */
import lighthouse, { type Config, desktopConfig, type Flags, type Result, snapshot } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export type Category = 'accessibility' | 'performance' | 'best-practices' | 'seo';

export interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  /** 0..1, or null when Lighthouse could not decide. */
  score: number | null;
  /** The offending elements (selector and HTML snippet) or other items Lighthouse lists. */
  items: string[];
}

export interface LighthouseReport {
  url: string;
  /** 0..1 per category asked for; null when Lighthouse could not score it. */
  scores: Partial<Record<Category, number | null>>;
  failing: FailingAudit[];
  /** Lighthouse's own problems during the run (a gatherer that failed), which can lower a score. */
  warnings: string[];
  lhr: Result;
}

const quiet: Flags = { logLevel: 'error' };

/** The puppeteer page showing `pageUrl` (the tab Playwright drives), or the only page there is. */
async function findPage(browser: Browser, pageUrl?: string): Promise<Page> {
  const pages = await browser.pages();
  const page = pageUrl ? pages.find((p) => p.url() === pageUrl) : pages[0];
  if (!page) throw new Error(`No tab shows ${pageUrl ?? 'a page'} (tabs: ${pages.map((p) => p.url())})`);
  return page;
}

function toReport(lhr: Result, categories: Category[]): LighthouseReport {
  const scores: LighthouseReport['scores'] = {};
  const failing: FailingAudit[] = [];
  for (const category of categories) {
    const cat = lhr.categories[category];
    if (!cat) throw new Error(`Lighthouse returned no ${category} category`);
    scores[category] = cat.score;
    for (const ref of cat.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0) continue;
      if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
      if (audit.scoreDisplayMode === 'informative') continue;
      if (audit.score === 1) continue;
      failing.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        items: describeItems(audit.details),
      });
    }
  }
  return { url: lhr.finalDisplayedUrl, scores, failing, warnings: lhr.runWarnings, lhr };
}

type Details = Result['audits'][string]['details'];

function describeItems(details: Details): string[] {
  if (!details || !('items' in details) || !Array.isArray(details.items)) return [];
  return details.items.slice(0, 10).map((item) => {
    const node = (item as { node?: { selector?: string; snippet?: string; explanation?: string } }).node;
    if (node)
      return [node.selector, node.snippet, node.explanation?.replace(/\n/g, ' ')].filter(Boolean).join('  ');
    return JSON.stringify(item).slice(0, 300);
  });
}

/**
 * Audits the tab showing `pageUrl` as it is (snapshot mode). `devtoolsUrl` is the browser's DevTools
 * endpoint (`BrowserSession.devtoolsUrl`).
 */
export async function lighthouseSnapshot(
  devtoolsUrl: string,
  opts: { pageUrl?: string; categories: Category[] },
): Promise<LighthouseReport> {
  const browser = await puppeteer.connect({ browserURL: devtoolsUrl, defaultViewport: null });
  try {
    const page = await findPage(browser, opts.pageUrl);
    // No full-page screenshot: taking one resizes the viewport to the page's height and back, which
    // would change the layout under test (and leave it changed) in the middle of the audit.
    const flags: Flags = { ...quiet, onlyCategories: opts.categories, disableFullPageScreenshot: true };
    const result = await snapshot(page, { flags });
    if (!result) throw new Error('Lighthouse returned no result');
    return toReport(result.lhr, opts.categories);
  } finally {
    // Only the connection: the browser belongs to whoever started it.
    await browser.disconnect();
  }
}

/**
 * Loads `url` fresh in a new tab of the browser (navigation mode) with the mobile (Lighthouse's
 * default: a mid-range phone on a slow 4G, simulated) or the desktop preset, and audits it.
 */
export async function lighthouseNavigation(
  devtoolsUrl: string,
  url: string,
  opts: { categories: Category[]; preset: 'mobile' | 'desktop' },
): Promise<LighthouseReport> {
  const browser = await puppeteer.connect({ browserURL: devtoolsUrl, defaultViewport: null });
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const config: Config | undefined = opts.preset === 'desktop' ? desktopConfig : undefined;
    const flags: Flags = { ...quiet, onlyCategories: opts.categories, disableStorageReset: true };
    const result = await lighthouse(url, flags, config, page);
    if (!result) throw new Error('Lighthouse returned no result');
    return toReport(result.lhr, opts.categories);
  } finally {
    await page.close();
    await browser.disconnect();
  }
}

/** One line per failing audit, then its items: readable in a test failure or a bench log. */
export function describeFailures(report: LighthouseReport): string {
  return report.failing
    .map((f) =>
      [
        `[${f.category}] ${f.id} (score ${f.score}): ${f.title}`,
        ...f.items.map((i) => `    ${i.slice(0, 400)}`),
      ].join('\n'),
    )
    .join('\n');
}

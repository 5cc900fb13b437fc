import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, createLogger, defineConfig, type Logger, type Plugin } from 'vite';

/**
 * Mantine's AppShell with three of its modules swapped for ours (app/shell/). Its parts import
 * react-remove-scroll only for two class names: they get them from remove-scroll-class-names.ts, so
 * the scroll lock loads with the first overlay (Modal, Drawer), not with every page (decisions D45).
 */
function leanAppShell(): Plugin {
  const classNames = resolve(import.meta.dirname, 'src/app/shell/remove-scroll-class-names.ts');
  // Nor the sections' resize handle, which does nothing without a `resize` controller (D65).
  const noResizeHandle = resolve(import.meta.dirname, 'src/app/shell/no-resize-handle.ts');
  // Nor the restyle of the whole page a moment after the shell mounts (D93).
  const resizing = resolve(import.meta.dirname, 'src/app/shell/app-shell-resizing.ts');
  const appShell = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/;
  return {
    name: 'lean-app-shell',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !appShell.test(importer)) return null;
      if (source === 'react-remove-scroll') return classNames;
      if (source.endsWith('/use-resizing.mjs')) return resizing;
      return source.endsWith('/AppShellResizeHandle.mjs') ? noResizeHandle : null;
    },
  };
}

/**
 * The route manifest's constants (`@tandem/shared/api/route-defs`) as one module instance per importing
 * file: each chunk keeps the routes its own modules name. As one module, the file sat in the entry
 * (Today's reads import it) and carried every route any lazily loaded page names, about 85 (D65).
 * The constants are plain data, so copies are harmless.
 */
function routeDefsPerImporter(): Plugin {
  const routeDefs = resolve(import.meta.dirname, '../shared/src/api/route-defs.ts');
  const web = resolve(import.meta.dirname, 'src');
  return {
    name: 'route-defs-per-importer',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@tandem/shared/api/route-defs' || !importer?.startsWith(web)) return null;
      // A stable name per importer (its path), so builds stay reproducible.
      return `${routeDefs}?from=${relative(web, importer).replace(/[^\w]+/g, '-')}`;
    },
  };
}

/**
 * The entry's texts (src/i18n/index.ts) without the top-level keys no first screen shows: where
 * index.ts imports common.json, tasks.json or today.json it gets the file less its LATER_KEYS (read
 * from index.ts itself, so the list lives once); later-texts.ts brings the whole files, after the first
 * content or with the code of a part that imports i18n/with-later-texts.ts (D65, D79).
 */
function textsWithout(): Plugin {
  const i18nDir = resolve(import.meta.dirname, 'src/i18n');
  const index = resolve(i18nDir, 'index.ts');
  const prefix = '\0texts-without:';
  const laterKeys = (): Record<string, string[]> => {
    const block = readFileSync(index, 'utf8').match(/LATER_KEYS = (\{[^}]*\})/)?.[1];
    if (!block) throw new Error('src/i18n/index.ts names no LATER_KEYS');
    return JSON.parse(
      block
        .replace(/'/g, '"')
        .replace(/(\w+):/g, '"$1":')
        .replace(/,(\s*[\]}])/g, '$1'),
    );
  };
  return {
    name: 'texts-without',
    enforce: 'pre',
    resolveId(source, importer) {
      const m = source.match(/^\.\/locales\/en_US\/(\w+)\.json$/);
      if (!m || importer !== index || !laterKeys()[m[1]!]) return null;
      return `${prefix}${m[1]}`;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const ns = id.slice(prefix.length);
      const file = resolve(i18nDir, `locales/en_US/${ns}.json`);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const k of laterKeys()[ns]!) {
        if (!(k in texts)) throw new Error(`${file} has no top-level key ${k} (LATER_KEYS)`);
        delete texts[k];
      }
      this.addWatchFile(file);
      this.addWatchFile(index);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}

/**
 * A build that warns fails: the bundler's warnings (an import that is always undefined, a chunk over
 * the size limit) name real defects, and a warning-free build stays so only if a new one stops it.
 * The dev server keeps warnings as warnings.
 */
function failOnWarning(): Logger {
  const logger = createLogger();
  const fail = (msg: string) => {
    logger.error(msg);
    throw new Error(`The web build stops on a warning:\n${msg}`);
  };
  return { ...logger, warn: fail, warnOnce: fail };
}

/**
 * The public request page is an entry of its own (vite.requests.config.ts; decisions D68), built after
 * the app into the same folder, so `vite build --outDir x` (the local stack's build) builds both.
 */
function requestPageBuild(): Plugin {
  let outDir = 'dist';
  // Only the site's own build (not a build of another entry with this config, as the tests make).
  let ours = false;
  return {
    name: 'request-page-build',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
      ours = c.build.write && resolve(c.root) === resolve(import.meta.dirname);
    },
    async closeBundle() {
      if (!ours) return;
      await build({
        configFile: resolve(import.meta.dirname, 'vite.requests.config.ts'),
        build: { outDir, emptyOutDir: false },
        logLevel: 'warn',
      });
    },
  };
}

/**
 * The sign-in page as HTML of its own, dist/login.html (decisions D97): the page the app draws at
 * /login (src/app/sign-in-page/render.tsx, rendered in Node when the site is built) inside the app's
 * index.html, which CloudFront and the local gateway answer /login with (@tandem/shared/api/site-pages).
 * A signed-out start, which lands there, shows the form with the HTML and its stylesheet; the code is
 * asked for once the form has painted (a small inline script), so on a slow phone the download of the
 * code does not hold the first paint back: the entry and the page's own files (D95: all of them at once,
 * not in waves after the entry has run). The app then draws over the form, keeping what was typed.
 */
const SIGN_IN_PAGE = {
  file: 'login.html',
  module: 'src/features/auth/routes/login-page.tsx',
  render: 'src/app/sign-in-page/render.tsx',
};

function signInPageBuild(): Plugin {
  let outDir = 'dist';
  let ours = false;
  /** The files the sign-in page loads beyond the entry's (found while the app's HTML is written). */
  let pageFiles: string[] = [];
  return {
    name: 'sign-in-page-build',
    apply: 'build',
    configResolved(c) {
      outDir = resolve(c.root, c.build.outDir);
      ours = c.build.write && !c.build.ssr && resolve(c.root) === resolve(import.meta.dirname);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || !ctx.chunk) return html;
        const chunks = new Map(
          Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])),
        );
        const closure = (file: string, into = new Set<string>()) => {
          if (into.has(file)) return into;
          into.add(file);
          for (const i of chunks.get(file)?.imports ?? []) closure(i, into);
          return into;
        };
        const entry = closure(ctx.chunk.fileName);
        const id = resolve(import.meta.dirname, SIGN_IN_PAGE.module);
        // Its own chunk, or the piece of a chunk group that holds it (such a page has none of its own).
        const page = [...chunks.values()].find((c) => c.facadeModuleId === id || c.moduleIds.includes(id));
        if (!page) throw new Error(`sign-in-page-build: no chunk for ${SIGN_IN_PAGE.module}`);
        pageFiles = [...closure(page.fileName)].filter((f) => !entry.has(f)).map((f) => `/${f}`);
        return html;
      },
    },
    async closeBundle() {
      if (!ours) return;
      const work = resolve(import.meta.dirname, '.sign-in-page');
      try {
        // Rendered in Node from a build of its own (JSX, JSON and the workspace's TypeScript).
        await build({
          configFile: false,
          root: import.meta.dirname,
          logLevel: 'warn',
          customLogger: failOnWarning(),
          plugins: [react()],
          build: {
            ssr: resolve(import.meta.dirname, SIGN_IN_PAGE.render),
            outDir: work,
            emptyOutDir: true,
            minify: false,
            sourcemap: false,
            rolldownOptions: { output: { entryFileNames: 'render.mjs' } },
          },
        });
        const { renderSignInPage } = (await import(pathToFileURL(join(work, 'render.mjs')).href)) as {
          renderSignInPage: () => string;
        };
        const app = readFileSync(join(outDir, 'index.html'), 'utf8');
        writeFileSync(join(outDir, SIGN_IN_PAGE.file), signInHtml(app, renderSignInPage(), pageFiles));
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The app's HTML with the page's markup in its root, and its scripts (the entry, and the modules the
 * HTML preloads) asked for by an inline script after the first paint, with the page's own files.
 */
function signInHtml(app: string, markup: string, pageFiles: string[]): string {
  const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(app);
  if (!entryTag) throw new Error('sign-in-page-build: no module script in index.html');
  const preloadTags = [...app.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  const preloads = [...preloadTags.map((m) => m[1]!), ...pageFiles];
  let html = app.replace(entryTag[0], '');
  for (const tag of preloadTags) html = html.replace(tag[0], '');
  if (!html.includes('<div id="root"></div>'))
    throw new Error('sign-in-page-build: no empty #root in index.html');
  // The code comes once the page has painted, or at once where the browser cannot tell (a hidden tab,
  // no paint timing), or after a second at the latest. Until the app has drawn its own form, a submit
  // of the HTML's form (Enter, the button) is held and noted for the app (typed-fields.ts): a
  // browser's own submit would reload the page with what was typed in the address.
  const loader = `<script>{const f=document.querySelector('#root form');if(f)f.addEventListener('submit',e=>{e.preventDefault();f.setAttribute('data-submitted','')});let started=false;const start=()=>{if(started)return;started=true;const s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entryTag[1])};document.head.append(s);for(const href of ${JSON.stringify(preloads)}){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.append(l)}};if(document.visibilityState==='visible'&&PerformanceObserver.supportedEntryTypes?.includes('paint')){new PerformanceObserver((list,o)=>{if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(start)}}).observe({type:'paint',buffered:true});document.addEventListener('visibilitychange',start,{once:true});setTimeout(start,1000)}else start()}</script>`;
  return html
    .replace('<div id="root"></div>', `<div id="root" data-page-html>${markup}</div>`)
    .replace('</body>', `  ${loader}\n  </body>`);
}

/**
 * The site is static: `dist/` plus a `/config.json` written by whoever serves it (the local
 * gateway, or the web stack in AWS). Nothing environment-specific is baked into the build.
 */
export default defineConfig(({ command }) => ({
  base: '/',
  ...(command === 'build' ? { customLogger: failOnWarning() } : {}),
  plugins: [
    leanAppShell(),
    routeDefsPerImporter(),
    textsWithout(),
    react(),
    signInPageBuild(),
    requestPageBuild(),
  ],
  // amazon-cognito-identity-js bundles the `buffer` package, which reads Node's `global`.
  define: { global: 'globalThis' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each route loads, read by `npm run bench`.
    manifest: true,
    // The start chunk (see codeSplitting below) is React, the router, Mantine's core and the shell:
    // about 580 KB minified, 180 KB gzip, all of it needed before any page draws.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // Shared modules define zod schemas next to plain constants (messages, header names). zod's
        // builders have no side effects, so an unused schema may be dropped, and with it zod, from
        // chunks that only need the constants.
        manualPureFunctions: ['z'],
      },
      output: {
        // The today group's pieces are named after every page that shares them (entriesAware), names
        // of 100+ characters that each importer and preload list repeats: they are `today-<hash>`.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('today~') ? 'assets/today-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            {
              // What the entry imports statically runs on every page before anything draws: one
              // file instead of a dozen shared pieces, which gzip compresses as one (decisions D45).
              name: 'start',
              tags: ['$initial'],
              priority: 2,
            },
            {
              // Today's page and what it imports statically (the rest of its first screen beyond the
              // start chunk): about 35 small pieces shared with other pages, which gzip compressed one
              // by one, cost about 10 KB more than a few files (decisions D79). Split by the set of
              // pages that use each module (entriesAware), pieces under 60 KB merged into the nearest:
              // Today fetches 8 files, and sign-in and the invitation pages fetch none of Today's own
              // code (one file for all of Today took 15–20 KB gzip onto those first screens).
              name: 'today',
              test: /[\\/]features[\\/]today[\\/]routes[\\/]today-page\.tsx$/,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 60_000,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev -w web` next to `npm start`: the gateway on :3000 serves the API and config.
    proxy: {
      '/api': 'http://localhost:3000',
      '/config.json': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
}));

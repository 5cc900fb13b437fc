/**
 * Every Lambda's bundle from ONE esbuild build (docs/decisions.md D35): all handler modules are entry
 * points of the same build, so our sources and the packages are parsed once and the entries are
 * linked in parallel, where CDK's NodejsFunction started one esbuild process per function (about 85).
 * Each entry is written to its own folder, `<outdir>/<module>/index.mjs` with its source map, and
 * handed to CDK as that function's asset. The options are the ones the bench and the size budget test
 * measure with (BUNDLE_OPTIONS).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { functionEntry, functionsTsconfig, jsonschemaShim } from './paths.ts';

/**
 * Lets esbuild's ESM output load the CommonJS packages it bundles: some call `require` for Node
 * built-ins, which an ES module does not have.
 */
export const REQUIRE_SHIM =
  "import { createRequire as __tandemCreateRequire } from 'node:module'; const require = __tandemCreateRequire(import.meta.url);";

/** How every function is bundled: minified ESM for Node 24, the AWS SDK v3 left to the runtime (D5). */
export const BUNDLE_OPTIONS = {
  bundle: true,
  minify: true,
  treeShaking: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  // ESM builds of packages (tree-shakeable) before their CommonJS ones.
  mainFields: ['module', 'main'],
  // The nodejs24.x runtime ships the AWS SDK v3 (docs/decisions.md D5).
  external: ['@aws-sdk/*'],
  // ElectroDB's model check, shallow: our models are fixed and checked in full outside the bundles (D42).
  alias: { jsonschema: jsonschemaShim },
  banner: { js: REQUIRE_SHIM },
  outExtension: { '.js': '.mjs' },
  tsconfig: functionsTsconfig,
  logLevel: 'warning',
} as const satisfies BuildOptions;

/** Where an import of rrule's own modules comes from (either separator, for Windows checkouts). */
const RRULE_MODULE = /[\\/]node_modules[\\/]rrule[\\/]/;

/**
 * What stands in for rrule's natural-language module (`nlp/index`) in the bundles: no function reads
 * or writes a rule as English text ("every week on Monday"), but `rrule.js` imports that module for
 * four static methods of `RRule`, so it and its parser and printer (about 13 KB minified) rode in every
 * bundle that expands a schedule. Called anyway, each says so instead of answering wrongly.
 */
export const RRULE_TEXT_STANDIN = [
  "const absent = () => { throw new Error('rrule text forms are not part of this bundle'); };",
  'export const fromText = absent, parseText = absent, toText = absent, isFullyConvertible = absent;',
].join('\n');

/**
 * rrule as the functions use it (docs/decisions.md D78): `import * as rrule from 'rrule'`
 * (shared/src/time/recurrence.ts; a namespace because Node sees the package as CommonJS) resolves to
 * the module of the `RRule` class alone, not the package index, whose namespace kept `RRuleSet`,
 * `rrulestr` and the rest in every schedule bundle; a named import of anything else fails the build.
 * And rrule's text module is RRULE_TEXT_STANDIN.
 */
export const rruleCore: Plugin = {
  name: 'tandem-rrule-core',
  setup(build) {
    build.onResolve({ filter: /^rrule$/ }, (args) =>
      build.resolve('rrule/dist/esm/rrule.js', { resolveDir: args.resolveDir, kind: args.kind }),
    );
    build.onResolve({ filter: /^\.\/nlp\/index(\.js)?$/ }, (args) =>
      RRULE_MODULE.test(args.importer) ? { path: 'rrule-text', namespace: 'tandem-standin' } : undefined,
    );
    build.onLoad({ filter: /^rrule-text$/, namespace: 'tandem-standin' }, () => ({
      contents: RRULE_TEXT_STANDIN,
      loader: 'js',
    }));
  },
};

/** The plugins of every function build; they need esbuild's asynchronous `build` (bundle-build.ts). */
export const BUNDLE_PLUGINS: readonly Plugin[] = [rruleCore];

/** The file name of every bundle inside its folder; the Lambda handler is `index.handler`. */
export const BUNDLE_FILE = 'index.mjs';

export interface BundleSet {
  readonly outdir: string;
  /** module → its folder (holding BUNDLE_FILE and its map). */
  readonly dirs: ReadonlyMap<string, string>;
  readonly metafile: Metafile;
}

/** What bundle-build.ts is asked to build, and where it writes the build's metafile. */
export interface BundleRequest {
  readonly entryPoints: Record<string, string>;
  readonly outdir: string;
  readonly metafileOut: string;
}

/** The build options of a request: BUNDLE_OPTIONS with source maps and the metafile. */
export const requestOptions = (request: BundleRequest): BuildOptions => ({
  ...BUNDLE_OPTIONS,
  plugins: [...BUNDLE_PLUGINS],
  entryPoints: request.entryPoints,
  outdir: request.outdir,
  sourcemap: true,
  sourcesContent: false,
  metafile: true,
});

/**
 * Bundles `modules` (e.g. `http/user/get-config`) in one build into `<outdir>/<module>/`. Synchronous,
 * because CDK builds its constructs synchronously; esbuild's synchronous build takes no plugins, so the
 * build runs in a child Node process (bundle-build.ts) that this call waits for.
 */
export function bundleModules(modules: readonly string[], outdir: string): BundleSet {
  const unique = [...new Set(modules)];
  mkdirSync(outdir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'tandem-bundle-request-'));
  try {
    const request: BundleRequest = {
      entryPoints: Object.fromEntries(unique.map((m) => [`${m}/index`, functionEntry(m)])),
      outdir,
      metafileOut: join(work, 'metafile.json'),
    };
    const requestFile = join(work, 'request.json');
    writeFileSync(requestFile, JSON.stringify(request));
    execFileSync(process.execPath, [join(import.meta.dirname, 'bundle-build.ts'), requestFile], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return {
      outdir,
      dirs: new Map(unique.map((m) => [m, join(outdir, m)])),
      metafile: JSON.parse(readFileSync(request.metafileOut, 'utf8')) as Metafile,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Per output folder: the modules planned for it and, once built, the build. */
const plans = new Map<string, { modules: Set<string>; built?: BundleSet }>();

/**
 * Names the modules an app will deploy, so that the first function needing its bundle builds them
 * all at once. Nothing is built here: a synth that skips bundling (the infra tests) costs nothing.
 */
export function planBundles(outdir: string, modules: readonly string[]): void {
  const plan = plans.get(outdir) ?? { modules: new Set<string>() };
  for (const m of modules) plan.modules.add(m);
  plans.set(outdir, plan);
}

/**
 * The folder of `module`'s bundle under `outdir`: from the one build of every planned module (made on
 * the first call), or, for a module nobody planned, from a build of its own.
 */
export function bundleDir(outdir: string, module: string): string {
  const plan = plans.get(outdir) ?? { modules: new Set<string>() };
  plans.set(outdir, plan);
  plan.modules.add(module);
  if (!plan.built) plan.built = bundleModules([...plan.modules], outdir);
  let dir = plan.built.dirs.get(module);
  if (!dir) {
    const own = bundleModules([module], outdir);
    plan.built = {
      outdir,
      dirs: new Map([...plan.built.dirs, ...own.dirs]),
      metafile: {
        inputs: { ...plan.built.metafile.inputs, ...own.metafile.inputs },
        outputs: { ...plan.built.metafile.outputs, ...own.metafile.outputs },
      },
    };
    dir = own.dirs.get(module)!;
  }
  if (!existsSync(join(dir, BUNDLE_FILE))) throw new Error(`No bundle was written for ${module}`);
  return dir;
}

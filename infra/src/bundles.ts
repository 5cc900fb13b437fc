/**
 * Every Lambda's bundle from ONE esbuild build (docs/decisions.md D35): all handler modules are entry
 * points of the same build, so our sources and the packages are parsed once and the entries are
 * linked in parallel, where CDK's NodejsFunction started one esbuild process per function (about 85).
 * Each entry is written to its own folder, `<outdir>/<module>/index.mjs` with its source map, and
 * handed to CDK as that function's asset. The options are the ones the bench and the size budget test
 * measure with (BUNDLE_OPTIONS).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type BuildOptions, buildSync, type Metafile } from 'esbuild';
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

/** The file name of every bundle inside its folder; the Lambda handler is `index.handler`. */
export const BUNDLE_FILE = 'index.mjs';

export interface BundleSet {
  readonly outdir: string;
  /** module → its folder (holding BUNDLE_FILE and its map). */
  readonly dirs: ReadonlyMap<string, string>;
  readonly metafile: Metafile;
}

/** Bundles `modules` (e.g. `http/user/get-config`) in one build into `<outdir>/<module>/`. */
export function bundleModules(modules: readonly string[], outdir: string): BundleSet {
  const unique = [...new Set(modules)];
  mkdirSync(outdir, { recursive: true });
  const result = buildSync({
    ...BUNDLE_OPTIONS,
    entryPoints: Object.fromEntries(unique.map((m) => [`${m}/index`, functionEntry(m)])),
    outdir,
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
  });
  return {
    outdir,
    dirs: new Map(unique.map((m) => [m, join(outdir, m)])),
    metafile: result.metafile,
  };
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

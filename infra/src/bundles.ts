/**
 * Every Lambda's bundle from ONE esbuild build (docs/decisions.md D35): all handler modules are entry
 * points of the same build, so our sources and the packages are parsed once and the entries are
 * linked in parallel, where CDK's NodejsFunction started one esbuild process per function (about 85).
 * Each entry is written to its own folder, `<outdir>/<module>/index.mjs` with its source map, and
 * handed to CDK as that function's asset. The options are the ones the bench and the size budget test
 * measure with (BUNDLE_OPTIONS).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
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

/** Where ElectroDB's own modules live (either separator). */
const ELECTRODB_MODULE =
  /[\\/]node_modules[\\/]electrodb[\\/]src[\\/](entity|clauses|client|validations|transaction)\.js$/;

/** What a cut part of ElectroDB says when it is called anyway. */
const electroAbsent = (name: string) =>
  `throw new Error(${JSON.stringify(`ElectroDB's ${name} is not part of this bundle (infra/src/bundles.ts)`)});`;

/**
 * One cut of an ElectroDB module: the text from `start` (which must occur exactly once) up to and
 * including the first `end` after it becomes `replacement`.
 */
export interface ElectroCut {
  readonly start: string;
  readonly end: string;
  readonly replacement: string;
}

/** A method of the `Entity` class (two-space indentation: it ends at the first `\n  }\n`). */
const entityMethod = (head: string, name: string, stub: boolean): ElectroCut => ({
  start: `\n  ${head}(`,
  end: '\n  }\n',
  replacement: stub ? `\n  ${head}() { ${electroAbsent(`Entity.${name}`)} }\n` : '\n',
});

/** A clause of `clauses.js` keeps its name and children; its action says it is absent. */
const clauseAction = (name: string): ElectroCut => ({
  start: `\n  ${name}: {\n`,
  end: '\n    children:',
  replacement: `\n  ${name}: {\n    name: "${name}",\n    action() { ${electroAbsent(`the ${name} clause`)} },\n    children:`,
});

/**
 * The parts of ElectroDB 3.9.3's modules (entity, clauses, client, validations, transaction) no
 * function runs (docs/decisions.md D84),
 * keyed by file, with the SHA-256 of the file they were written against: a changed file (an upgrade)
 * fails the build until the cuts are checked again. Public methods our code never calls — scans,
 * `match`/`find` (both pick an index from the given attributes, or scan), collections (a Service's),
 * the deprecated pager check, the cursor helpers, `setIdentifier` and the `hydrate` query option —
 * say so when called; the private methods only they reach, and the key/cursor conversions that only a
 * Service's `conversions` call, are left out. infra/test/bundles.test.ts holds the trimmed entities to
 * the whole ones on every kind of call we make and checks that no code of ours calls a cut method.
 * On an ElectroDB upgrade: check each cut against the new file, then update its hash.
 */
export const ELECTRODB_CUTS: Readonly<Record<string, { sha256: string; cuts: readonly ElectroCut[] }>> = {
  'entity.js': {
    sha256: '1ef99d3a2cbf911d1c37b9d624d8cc06c498151f343e0fdfa47da2fe4b215b31',
    cuts: [
      entityMethod('get scan', 'scan', true),
      ...[
        'setIdentifier',
        'ownsCursor',
        'serializeCursor',
        'deserializeCursor',
        'ownsPager',
        'match',
        'find',
        'collection',
      ].map((m) => entityMethod(m, m, true)),
      entityMethod('async hydrate', 'hydrate', true),
      // The query of a `composite` index (keys as attributes of their own); our indexes are isolated.
      entityMethod('_compositeQueryParams', '_compositeQueryParams', true),
      ...[
        '_safeMinimum',
        'cleanseRetrievedData',
        '_fromCompositeToKeys',
        '_fromCompositeToCursor',
        '_fromKeysToCursor',
        '_fromKeysToComposite',
        '_fromCursorToKeys',
        '_fromCursorToComposite',
        '_fromCompositeToCursorByIndex',
        '_fromKeysToCursorByIndex',
        '_fromKeysToCompositeByIndex',
        '_fromCursorToCompositeByIndex',
        '_fromCursorToKeysByIndex',
        '_verifyKeys',
        '_chain',
        '_normalizeLimitValue',
        '_makeScanParam',
        '_updateExpressionBuilder',
        '_findBestIndexKeyMatch',
        '_parseComposedKey',
        '_parseFacets',
      ].map((m) => entityMethod(m, m, false)),
    ],
  },
  'clauses.js': {
    sha256: 'c4151f4272d98e4f738a2aa7e9fbca54d89d175cbe414f13eeb5ec46f9d300a1',
    cuts: [
      { start: '\nfunction handleNonIsolatedCollection(', end: '\n}\n', replacement: '\n' },
      // The callback form of an update (`.data((attr, op) => …)`); ours name their changes (set, add, remove, …).
      ...['compositeCollection', 'clusteredCollection', 'collection', 'scan', 'data'].map(clauseAction),
    ],
  },
  // Our client is the SDK v3's (db/client.ts); the SDK v2's wrapper says it is absent.
  'client.js': {
    sha256: 'cd8e8db3b020c215f184324756047a7b9758af6ab932ae9b88711028434aecf9',
    cuts: [
      {
        start: '\nclass DocumentClientV2Wrapper {\n',
        end: '\n}\n',
        replacement: `\nclass DocumentClientV2Wrapper {\n  static init() { ${electroAbsent('SDK v2 document client wrapper')} }\n}\n`,
      },
      // A scan and a read transaction, which no function makes.
      ...['scan', 'transactGet'].map((m) => ({
        start: `\n  ${m}(params, options = {}) {\n`,
        end: '\n  }\n',
        replacement: `\n  ${m}() { ${electroAbsent(`client ${m}`)} }\n`,
      })),
    ],
  },
  // A read transaction's answer (createGetTransaction); the write transaction reads only cancellations.
  'transaction.js': {
    sha256: '78a135f15e4909f99c8bb395b855751fba7c3c89a2f55080908cae6ed2c95216',
    cuts: [
      {
        start: '\nfunction cleanseTransactionData(\n',
        end: '\n}\n',
        replacement: `\nfunction cleanseTransactionData() { ${electroAbsent('read transaction')} }\n`,
      },
    ],
  },
  // The model check runs on the jsonschema stand-in (BUNDLE_OPTIONS' alias; D42), which reads a
  // model schema's top level alone: the attribute, index and filter schemas it refers to go.
  'validations.js': {
    sha256: '97bd871256855ad768eb836aa21b44dde98f43cd90bc381b10237dbecc26d93d',
    cuts: [
      { start: '\nconst Attribute = {\n', end: '\n};\n', replacement: '\nconst Attribute = {};\n' },
      { start: '\nconst Index = {\n', end: '\n};\n', replacement: '\nconst Index = {};\n' },
      { start: '\nconst Filters = {\n', end: '\n};\n', replacement: '\nconst Filters = {};\n' },
    ],
  },
};

/** `source` (ElectroDB's `file`) with its cuts made; throws when the file is not the one they were written for. */
export function trimElectroModule(file: string, source: string): string {
  const plan = ELECTRODB_CUTS[file];
  if (!plan) return source;
  const hash = createHash('sha256').update(source).digest('hex');
  if (hash !== plan.sha256)
    throw new Error(
      `electrodb/src/${file} is not the file infra/src/bundles.ts cuts (sha256 ${hash}): check ELECTRODB_CUTS against it`,
    );
  let out = source;
  for (const cut of plan.cuts) {
    const at = out.indexOf(cut.start);
    if (at < 0 || out.indexOf(cut.start, at + 1) >= 0)
      throw new Error(`electrodb/src/${file}: ${JSON.stringify(cut.start)} is not there exactly once`);
    const end = out.indexOf(cut.end, at + cut.start.length);
    if (end < 0) throw new Error(`electrodb/src/${file}: no end after ${JSON.stringify(cut.start)}`);
    out = out.slice(0, at) + cut.replacement + out.slice(end + cut.end.length);
  }
  return out;
}

/**
 * What stands in for ElectroDB's event module (`events.js`): listeners and loggers, given to an entity
 * or a call, hear each request and answer. No function gives any, and with none the module does
 * nothing; given one anyway, the bundle says it cannot call it instead of staying silent.
 */
export const ELECTRODB_EVENTS_STANDIN = [
  'const none = (l) => l === undefined || (Array.isArray(l) && l.length === 0);',
  `const check = (l) => { if (!none(l)) { ${electroAbsent('listeners and loggers')} } };`,
  'class EventManager {',
  '  constructor({ listeners } = {}) { check(listeners); }',
  '  add(listeners) { check(listeners); }',
  '  trigger(event, listeners) { check(listeners); }',
  '}',
  'module.exports = { EventManager };',
].join('\n');

/** ElectroDB's modules without what no function runs (ELECTRODB_CUTS, ELECTRODB_EVENTS_STANDIN; D84). */
export const electroTrim: Plugin = {
  name: 'tandem-electrodb-trim',
  setup(build) {
    build.onResolve({ filter: /^\.\/events$/ }, (args) =>
      /[\\/]node_modules[\\/]electrodb[\\/]src[\\/]/.test(args.importer)
        ? { path: 'electrodb-events', namespace: 'tandem-standin' }
        : undefined,
    );
    build.onLoad({ filter: /^electrodb-events$/, namespace: 'tandem-standin' }, () => ({
      contents: ELECTRODB_EVENTS_STANDIN,
      loader: 'js',
    }));
    build.onLoad({ filter: ELECTRODB_MODULE }, (args) => {
      const file = args.path.replace(/^.*[\\/]/, '');
      return { contents: trimElectroModule(file, readFileSync(args.path, 'utf8')), loader: 'js' };
    });
  },
};

/** The plugins of every function build; they need esbuild's asynchronous `build` (bundle-build.ts). */
export const BUNDLE_PLUGINS: readonly Plugin[] = [rruleCore, electroTrim];

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

/**
 * `node infra/src/bundle-build.ts <request.json>`: the one esbuild build of the functions' bundles
 * (bundles.ts `bundleModules`, which runs this and waits). A process of its own because the build
 * needs plugins (bundles.ts BUNDLE_PLUGINS) and esbuild's synchronous build, the only one CDK's
 * synchronous constructs could call, takes none. Written for Node's own type stripping (no tsx).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { type BundleRequest, requestOptions } from './bundles.ts';

const requestFile = process.argv[2];
if (!requestFile) throw new Error('usage: node bundle-build.ts <request.json>');
const request = JSON.parse(readFileSync(requestFile, 'utf8')) as BundleRequest;
const result = await build(requestOptions(request));
writeFileSync(request.metafileOut, JSON.stringify(result.metafile));

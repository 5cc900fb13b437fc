/** Where infra finds the code it deploys; every path is absolute so synth works from any folder. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const functionsSrc = join(repoRoot, 'functions', 'src');
export const functionsTsconfig = join(repoRoot, 'functions', 'tsconfig.json');
export const webDist = join(repoRoot, 'web', 'dist');
export const lockFile = join(repoRoot, 'package-lock.json');
/** The stand-in for `jsonschema` in the Lambda bundles (docs/decisions.md D42). */
export const jsonschemaShim = join(repoRoot, 'infra', 'src', 'shims', 'jsonschema.ts');

/** `functions/src/<module>.ts` for a handler id such as `http/user/get-config`. */
export const functionEntry = (module: string): string => join(functionsSrc, `${module}.ts`);

/** True once `npm run build` has produced the site in `dir`. */
export const webBuilt = (dir: string = webDist): boolean => existsSync(join(dir, 'index.html'));

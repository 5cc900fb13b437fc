/**
 * The web build that `npm start` serves (web/dist), made only when its inputs changed and swapped in
 * whole:
 * - the inputs (web/ without its build and tests, shared/src, the lockfile, the base tsconfig) are
 *   hashed; the hash of the build in web/dist is kept inside it (dist/.vite/inputs-hash), so a
 *   folder rebuilt by other means (`npm run build`) carries none and is rebuilt once;
 * - a build goes to a fresh folder next to web/dist, then replaces it by rename: a gateway serving
 *   web/dist (another start on the same checkout) sees the old build or the new one, never a folder
 *   being emptied and filled. A failed build leaves web/dist as it was;
 * - one build per checkout at a time: a second start waits for the first's build (web/.dist.lock)
 *   and then finds it up to date.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning } from './pid.ts';

/** What the web build is made of, relative to the repository (folders are read whole, minus SKIP). */
export const WEB_INPUTS = [
  'web',
  'shared/src',
  'shared/package.json',
  'package-lock.json',
  'tsconfig.base.json',
];
/** Not inputs: the build itself, its work folders, tests and installed packages. */
const SKIP = new Set(['web/dist', 'web/test', 'node_modules']);
const isWorkFolder = (rel: string) => /^web\/\.dist[-.]/.test(rel);

export const STAMP = path.join('.vite', 'inputs-hash');

export interface WebBuildOptions {
  repoRoot: string;
  /** Builds the web app into `outDir` (absolute, empty). Default: the web workspace's build script. */
  build?: (outDir: string) => Promise<void>;
  log?: (message: string) => void;
}

export interface WebBuildResult {
  /** False when web/dist already held the build of these inputs. */
  built: boolean;
  hash: string;
}

/** A hash of every input file's path and content, in a fixed order. */
export async function webInputsHash(repoRoot: string): Promise<string> {
  const hash = createHash('sha256');
  const add = async (rel: string): Promise<void> => {
    if (SKIP.has(rel) || SKIP.has(path.basename(rel)) || isWorkFolder(rel)) return;
    const abs = path.join(repoRoot, rel);
    let entries: string[];
    try {
      entries = (await readdir(abs)).sort();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (code !== 'ENOTDIR') throw e;
      hash
        .update(`${rel}\0`)
        .update(await readFile(abs))
        .update('\0');
      return;
    }
    for (const entry of entries) await add(`${rel}/${entry}`);
  };
  for (const input of WEB_INPUTS) await add(input);
  return hash.digest('hex');
}

/** The inputs hash web/dist was built from, if it says. */
export async function builtHash(distDir: string): Promise<string | undefined> {
  return (await readFile(path.join(distDir, STAMP), 'utf8').catch(() => '')).trim() || undefined;
}

/** `npm run build -w web -- --outDir <outDir>`, its output shown. */
export function viteBuild(repoRoot: string): (outDir: string) => Promise<void> {
  return (outDir) =>
    new Promise((resolve, reject) => {
      const child = spawn('npm', ['run', 'build', '-w', 'web', '--', '--outDir', outDir, '--emptyOutDir'], {
        cwd: repoRoot,
        stdio: 'inherit',
      });
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`the web build failed (${signal ?? `exit ${code}`})`)),
      );
    });
}

/** Builds web/dist when its inputs changed since its last build; otherwise leaves it alone. */
export async function ensureWebBuild(opts: WebBuildOptions): Promise<WebBuildResult> {
  const webDir = path.join(opts.repoRoot, 'web');
  const distDir = path.join(webDir, 'dist');
  const log = opts.log ?? (() => {});
  const release = await lockBuild(path.join(webDir, '.dist.lock'), log);
  try {
    // Read under the lock: a start that waited for another's build finds it here.
    const hash = await webInputsHash(opts.repoRoot);
    if ((await builtHash(distDir)) === hash) return { built: false, hash };

    log('Building the web app…');
    const next = path.join(webDir, '.dist-next');
    const old = path.join(webDir, '.dist-old');
    // Left by a build that was killed; nobody else builds while the lock is held.
    await Promise.all([
      rm(next, { recursive: true, force: true }),
      rm(old, { recursive: true, force: true }),
    ]);
    await mkdir(next, { recursive: true });
    try {
      await (opts.build ?? viteBuild(opts.repoRoot))(next);
      await mkdir(path.dirname(path.join(next, STAMP)), { recursive: true });
      await writeFile(path.join(next, STAMP), `${hash}\n`);
    } catch (e) {
      await rm(next, { recursive: true, force: true });
      throw e;
    }
    // A directory cannot be renamed over a non-empty one: the old build steps aside first, so web/dist
    // is missing only between two renames (the gateway answers that instant with its "not built" page).
    await rename(distDir, old).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
    await rename(next, distDir);
    await rm(old, { recursive: true, force: true });
    return { built: true, hash };
  } finally {
    await release();
  }
}

/**
 * Takes the checkout's build lock (a file holding the owner's pid): waits while a live process holds
 * it, takes it over from one that died. The same process may hold it once at a time: a second
 * caller in this process waits too.
 */
async function lockBuild(file: string, log: (m: string) => void): Promise<() => Promise<void>> {
  let told = false;
  for (;;) {
    try {
      const h = await open(file, 'wx');
      await h.writeFile(String(process.pid));
      await h.close();
      return () => rm(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const owner = Number(await readFile(file, 'utf8').catch(() => ''));
    // No pid written for a while: its owner died between creating the file and writing it.
    const abandoned = !owner && Date.now() - ((await stat(file).catch(() => undefined))?.mtimeMs ?? 0) > 5000;
    if ((owner && !isRunning(owner)) || abandoned) {
      // Left by a build that was killed. Another waiter may take it over at the same moment: only
      // one of them then creates the lock file anew, the other waits.
      await rm(file, { force: true });
      continue;
    }
    if (!told) {
      log(`Another start (process ${owner || 'unknown'}) is building the web app; waiting for it…`);
      told = true;
    }
    await sleep(200);
  }
}

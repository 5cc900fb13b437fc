/**
 * The web build of `npm start` (scripts/src/local/web-build.ts) on a checkout of its own: built only
 * when an input changed, into a fresh folder swapped in whole, one build at a time. The build step is
 * a stand-in that writes what Vite would (index.html naming its hashed asset), so these tests need no
 * bundler; the default build is the web workspace's own script.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { builtHash, ensureWebBuild, webInputsHash } from '../src/local/web-build.ts';

const roots: string[] = [];
afterAll(async () => {
  for (const r of roots) await rm(r, { recursive: true, force: true });
});

let repo: string;
let dist: string;
beforeEach(async () => {
  repo = await mkdtemp(path.join(tmpdir(), 'tandem-webbuild-'));
  roots.push(repo);
  dist = path.join(repo, 'web', 'dist');
  await mkdir(path.join(repo, 'web', 'src'), { recursive: true });
  await mkdir(path.join(repo, 'shared', 'src'), { recursive: true });
  await writeFile(path.join(repo, 'web', 'index.html'), '<div id="root"></div>');
  await writeFile(path.join(repo, 'web', 'src', 'main.tsx'), 'render(1)');
  await writeFile(path.join(repo, 'shared', 'src', 'rules.ts'), 'export const a = 1;');
  await writeFile(path.join(repo, 'package-lock.json'), '{}');
});

/** A stand-in for Vite: index.html names assets/app-<n>.js, written after it, as a real build does. */
function fakeBuild() {
  const calls: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  const build = async (outDir: string) => {
    calls.push(outDir);
    const n = calls.length;
    await mkdir(path.join(outDir, 'assets'), { recursive: true });
    await writeFile(path.join(outDir, 'index.html'), `<script src="/assets/app-${n}.js"></script>`);
    await gate;
    await writeFile(path.join(outDir, 'assets', `app-${n}.js`), `console.log(${n})`);
  };
  return {
    build,
    calls,
    hold() {
      let open!: () => void;
      gate = new Promise((r) => (open = r));
      return () => open();
    },
  };
}

const files = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();

/** Work folders and the lock: nothing of them is left after a build, done or failed. */
const leftovers = async () => (await readdir(path.join(repo, 'web'))).filter((n) => n.startsWith('.dist'));

describe('web inputs hash', () => {
  it('changes with the web sources and the shared code, not with the build or the tests', async () => {
    const first = await webInputsHash(repo);
    expect(await webInputsHash(repo)).toBe(first);

    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), 'built');
    await mkdir(path.join(repo, 'web', 'test'), { recursive: true });
    await writeFile(path.join(repo, 'web', 'test', 'a.test.ts'), 'test');
    await mkdir(path.join(repo, 'web', 'node_modules', 'x'), { recursive: true });
    await writeFile(path.join(repo, 'web', 'node_modules', 'x', 'index.js'), '1');
    expect(await webInputsHash(repo)).toBe(first);

    await writeFile(path.join(repo, 'web', 'src', 'main.tsx'), 'render(2)');
    const second = await webInputsHash(repo);
    expect(second).not.toBe(first);
    await writeFile(path.join(repo, 'shared', 'src', 'rules.ts'), 'export const a = 2;');
    expect(await webInputsHash(repo)).not.toBe(second);
    // A renamed file is a change too, even with the same content.
    const third = await webInputsHash(repo);
    await rm(path.join(repo, 'web', 'src', 'main.tsx'));
    await writeFile(path.join(repo, 'web', 'src', 'app.tsx'), 'render(2)');
    expect(await webInputsHash(repo)).not.toBe(third);
  });
});

describe('ensureWebBuild', () => {
  it('builds once, skips while the hash is unchanged, rebuilds after a change', async () => {
    const fake = fakeBuild();
    expect((await ensureWebBuild({ repoRoot: repo, build: fake.build })).built).toBe(true);
    expect(await builtHash(dist)).toBe(await webInputsHash(repo));
    expect(await files(dist)).toEqual(['.vite/inputs-hash', 'assets/app-1.js', 'index.html']);

    // Nothing changed: no build, the folder as it was.
    expect(await ensureWebBuild({ repoRoot: repo, build: fake.build })).toEqual({
      built: false,
      hash: await webInputsHash(repo),
    });
    expect(fake.calls).toHaveLength(1);

    await writeFile(path.join(repo, 'web', 'src', 'main.tsx'), 'render(2)');
    expect((await ensureWebBuild({ repoRoot: repo, build: fake.build })).built).toBe(true);
    expect(fake.calls).toHaveLength(2);
    // A fresh folder: the previous build's asset is gone with it.
    expect(await files(dist)).toEqual(['.vite/inputs-hash', 'assets/app-2.js', 'index.html']);
    expect(await leftovers()).toEqual([]);
  });

  it('rebuilds a web/dist that carries no hash (built by `npm run build`)', async () => {
    await mkdir(dist, { recursive: true });
    await writeFile(path.join(dist, 'index.html'), 'from npm run build');
    const fake = fakeBuild();
    expect((await ensureWebBuild({ repoRoot: repo, build: fake.build })).built).toBe(true);
    expect(await readFile(path.join(dist, 'index.html'), 'utf8')).toContain('app-1.js');
  });

  it('keeps the previous build complete while building, and swaps the new one in whole', async () => {
    const fake = fakeBuild();
    await ensureWebBuild({ repoRoot: repo, build: fake.build });
    await writeFile(path.join(repo, 'web', 'src', 'main.tsx'), 'render(2)');

    const open = fake.hold();
    const building = ensureWebBuild({ repoRoot: repo, build: fake.build });
    // The new build has written its index.html but not yet its asset: web/dist is still the old one.
    await expect.poll(() => fake.calls.length).toBe(2);
    await expect
      .poll(() => readFile(path.join(fake.calls[1]!, 'index.html'), 'utf8').catch(() => ''))
      .toContain('app-2.js');
    expect(await readFile(path.join(dist, 'index.html'), 'utf8')).toContain('app-1.js');
    expect(await files(dist)).toEqual(['.vite/inputs-hash', 'assets/app-1.js', 'index.html']);
    open();
    await building;
    expect(await readFile(path.join(dist, 'index.html'), 'utf8')).toContain('app-2.js');
    expect(await files(dist)).toEqual(['.vite/inputs-hash', 'assets/app-2.js', 'index.html']);
  });

  it('leaves web/dist as it was when the build fails', async () => {
    const fake = fakeBuild();
    await ensureWebBuild({ repoRoot: repo, build: fake.build });
    const before = await files(dist);
    await writeFile(path.join(repo, 'web', 'src', 'main.tsx'), 'syntax error');
    await expect(
      ensureWebBuild({
        repoRoot: repo,
        build: async (outDir) => {
          await writeFile(path.join(outDir, 'index.html'), 'half');
          throw new Error('vite: syntax error');
        },
      }),
    ).rejects.toThrow('syntax error');
    expect(await files(dist)).toEqual(before);
    expect(await readFile(path.join(dist, 'index.html'), 'utf8')).toContain('app-1.js');
    expect(await leftovers()).toEqual([]);
  });

  it('builds once when two starts on the same checkout build at the same time', async () => {
    const fake = fakeBuild();
    const open = fake.hold();
    const messages: string[] = [];
    const first = ensureWebBuild({ repoRoot: repo, build: fake.build });
    await expect.poll(() => fake.calls.length).toBe(1);
    const second = ensureWebBuild({ repoRoot: repo, build: fake.build, log: (m) => messages.push(m) });
    await expect.poll(() => messages.join('\n')).toContain('is building the web app; waiting');
    open();
    expect([(await first).built, (await second).built]).toEqual([true, false]);
    expect(fake.calls).toHaveLength(1);
    expect(await files(dist)).toEqual(['.vite/inputs-hash', 'assets/app-1.js', 'index.html']);
    expect(await leftovers()).toEqual([]);
  });

  it('takes over the lock of a build that was killed', async () => {
    // A pid no process has (beyond pid_max).
    await writeFile(path.join(repo, 'web', '.dist.lock'), '99999999');
    const fake = fakeBuild();
    expect((await ensureWebBuild({ repoRoot: repo, build: fake.build })).built).toBe(true);
    expect(await leftovers()).toEqual([]);
  });
});

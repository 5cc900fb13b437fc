/**
 * The README's install command, as a newcomer runs it: it names the Node the project pins, and npm
 * installs the locked tree without one warning, whatever Node the machine has (npm on Node 20 warns
 * EBADENGINE for every package that asks for Node 22+). Run in a copy of the manifests with
 * `--dry-run`, which resolves and checks the whole tree as `npm ci` does but writes nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const readme = () => readFile(path.join(repoRoot, 'README.md'), 'utf8');
const pkg = async () =>
  JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
    workspaces: string[];
    devDependencies: Record<string, string>;
  };

/** The first command of the "Run it" block: what a newcomer pastes to install. */
async function installCommand(): Promise<string[]> {
  const block = /## Run it[\s\S]*?```sh\n([\s\S]*?)```/.exec(await readme())?.[1] ?? '';
  const first = block.split('\n')[0]!.split('#')[0]!.split('&&')[0]!.trim();
  return first.split(/\s+/);
}

/** package.json, the lockfile and each workspace's package.json: all `npm ci` reads. */
async function manifestCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tandem-install-'));
  dirs.push(dir);
  const { workspaces } = await pkg();
  for (const f of ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)]) {
    await mkdir(path.dirname(path.join(dir, f)), { recursive: true });
    await writeFile(path.join(dir, f), await readFile(path.join(repoRoot, f)));
  }
  return dir;
}

/**
 * The environment of a newcomer's shell: the machine's own Node first. (Tests run with this project's
 * node_modules/.bin, and so its Node 24, first on PATH.)
 */
const shellEnv = {
  ...process.env,
  PATH: (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((p) => !p.includes(`node_modules${path.sep}.bin`))
    .join(path.delimiter),
};
const machineNode = spawnSync('node', ['-v'], { env: shellEnv, encoding: 'utf8' }).stdout.trim();

/** npm's warnings, less the ones about this machine's own npm settings (not the project's). */
const warnings = (output: string) =>
  output.split('\n').filter((l) => /npm warn/i.test(l) && !/Unknown (user|global) config/.test(l));

describe('README install', () => {
  it('names the Node the project pins, and npm ci after it', async () => {
    const cmd = await installCommand();
    expect(cmd.slice(0, 3)).toEqual(['npx', '-y', '-p']);
    expect(cmd[3]).toBe(`node@${(await pkg()).devDependencies.node}`);
    expect(cmd.slice(4)).toEqual(['--', 'npm', 'ci']);
  });

  it('installs the locked tree without a warning', { timeout: 300_000 }, async () => {
    const dir = await manifestCopy();
    const [bin, ...args] = await installCommand();
    const run = spawnSync(bin!, [...args, '--dry-run', '--ignore-scripts', '--prefer-offline'], {
      cwd: dir,
      env: shellEnv,
      encoding: 'utf8',
      timeout: 280_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output).toMatch(/added \d+ packages/);
    expect(warnings(output)).toEqual([]);
  });

  // Why the command is not a plain `npm ci`: on an older Node, npm warns for each package asking for more.
  it.skipIf(Number(/^v(\d+)/.exec(machineNode)?.[1]) >= 22)(
    `a plain npm ci on this machine's Node (${machineNode}) warns EBADENGINE`,
    { timeout: 300_000 },
    async () => {
      const run = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--prefer-offline'], {
        cwd: await manifestCopy(),
        env: shellEnv,
        encoding: 'utf8',
        timeout: 280_000,
      });
      expect(warnings(`${run.stdout}\n${run.stderr}`).join('\n')).toContain('EBADENGINE');
    },
  );
});

/**
 * `npm start` on a data folder: a second start on a folder in use refuses at once (before building the
 * web app), and a start after the previous one was killed with SIGKILL stops the DynamoDB Local that
 * the killed process left running, instead of running a second Java on the same database file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/local/engines/ports.ts';
import { type Stack, startStack } from '../src/local/stack.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];
let stack: Stack | undefined;

afterAll(async () => {
  await stack?.stop();
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const pid of dirs.flatMap(javaMentioning)) process.kill(pid, 'SIGKILL');
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tandem-start-'));
  dirs.push(dir);
  return dir;
}

/** Runs a command to its end (or the ceiling), with everything it printed. */
function run(cmd: string, args: string[], env: Record<string, string>, ceilingMs: number) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(cmd, args, { cwd: repoRoot, env: { ...process.env, ...env } });
    children.push(child);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), ceilingMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Live (not zombie) Java processes whose command line mentions `dir` (Linux /proc). */
function javaMentioning(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const state = readFileSync(`/proc/${entry}/stat`, 'utf8').replace(/^.*\)\s/, '')[0];
      if (cmdline.startsWith('java\0') && cmdline.includes(dir) && state !== 'Z') pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

describe('npm start', () => {
  it('refuses a data folder in use before building anything', { timeout: 120_000 }, async () => {
    const dataDir = await tempDataDir();
    // This test process plays the running stack: a live pid holds the folder's lock.
    await writeFile(path.join(dataDir, 'stack.lock'), String(process.pid));
    const started = Date.now();
    const { code, output } = await run(
      'npm',
      ['start'],
      { LOCAL_DATA_DIR: dataDir, PORT: String(await freePort()) },
      100_000,
    );
    expect(output).toContain(`Another Tandem stack (process ${process.pid}) is using ${dataDir}`);
    expect(code).toBe(1);
    // Nothing was built: neither the build script nor Vite ran.
    expect(output).not.toMatch(/run build|> vite|vite v\d|building|modules transformed/i);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('stops the DynamoDB Local left running by a stack killed with SIGKILL', {
    timeout: 240_000,
  }, async () => {
    const dataDir = await tempDataDir();
    const port = await freePort();
    const first = spawn(process.execPath, ['--import', 'tsx', 'scripts/src/start.ts'], {
      cwd: repoRoot,
      env: { ...process.env, LOCAL_DATA_DIR: dataDir, PORT: String(port), TANDEM_LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(first);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), 180_000);
      const onData = (d: Buffer) => {
        output += d;
        if (output.includes('Tandem is running')) {
          clearTimeout(timer);
          resolve();
        }
      };
      first.stdout!.on('data', onData);
      first.stderr!.on('data', onData);
      first.once('exit', (code) => reject(new Error(`start exited (${code}):\n${output}`)));
    });
    const started = javaMentioning(dataDir);
    expect(started, output).toHaveLength(1);
    const orphan = started[0]!;

    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    // The kill leaves Java running: nothing stopped it.
    expect(javaMentioning(dataDir), `Java of ${dataDir} after the kill`).toEqual([orphan]);
    expect(
      JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8')).ports.dynamodb,
    ).toBeGreaterThan(0);

    stack = await startStack({ dataDir, port: 0, quiet: true });
    const running = javaMentioning(dataDir);
    expect({ orphan, running }).toEqual({ orphan, running: [expect.any(Number)] });
    expect(running).not.toContain(orphan);
  });
});

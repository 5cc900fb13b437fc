/**
 * `<dataDir>/stack.json`: what the stack must find again after a restart — the Cognito pool and app
 * client it created on first start, and the ports it used (reused when free, so URLs stay stable).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StackState {
  userPoolId?: string;
  clientId?: string;
  ports?: { dynamodb?: number; s3?: number; cognito?: number };
}

const file = (dataDir: string) => path.join(dataDir, 'stack.json');

export async function readState(dataDir: string): Promise<StackState> {
  try {
    return JSON.parse(await readFile(file(dataDir), 'utf8')) as StackState;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`${file(dataDir)} is not readable JSON; fix or delete it. (${(e as Error).message})`);
  }
}

/** Merges `patch` into the stored state; written through a temp file so a crash never leaves half a file. */
export async function updateState(dataDir: string, patch: StackState): Promise<StackState> {
  const current = await readState(dataDir);
  const next = { ...current, ...patch, ports: { ...current.ports, ...patch.ports } };
  await mkdir(dataDir, { recursive: true });
  const tmp = `${file(dataDir)}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(next, null, 2)}\n`);
  await rename(tmp, file(dataDir));
  return next;
}

/**
 * Child processes of the local stack (DynamoDB Local's Java) recorded in the data folder, so a start
 * after the previous stack was killed with SIGKILL — which gives Node no chance to stop its children
 * — finds the one left running and stops it, rather than running a second Java on the same database.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { EngineError } from './engine-error.ts';

interface ChildRecord {
  pid: number;
  /** A string the child's command line contains (its working folder), so a reused pid is not taken for it. */
  marker: string;
}

export async function recordChild(file: string, record: ChildRecord): Promise<void> {
  await writeFile(file, `${JSON.stringify(record)}\n`);
}

export async function forgetChild(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** The command line of a running process, or undefined when none runs with that pid. */
function commandLine(pid: number): string | undefined {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  if (existsSync('/proc/self/cmdline')) {
    // Linux. A zombie (exited, not yet reaped) has an empty command line: it counts as gone.
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim() || undefined;
    } catch {
      return undefined;
    }
  }
  try {
    // macOS and other systems without /proc.
    return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim() || undefined;
  } catch (e) {
    // ps exits 1 when no such process runs.
    if ((e as { status?: number }).status === 1) return undefined;
    throw new EngineError(
      `Process ${pid}, left by an earlier start, may still be running and cannot be checked here (${(e as Error).message}). Stop it (kill ${pid}) if it is DynamoDB Local, and start again.`,
    );
  }
}

const alive = (pid: number) => {
  try {
    return commandLine(pid) !== undefined;
  } catch {
    return true;
  }
};

/**
 * Stops the child recorded in `file` if it still runs (SIGTERM, then SIGKILL after 5 s) and returns
 * its pid; a record whose pid now belongs to another program is just dropped. Refuses with a clear
 * message when the process cannot be stopped.
 */
export async function stopOrphan(file: string, name: string): Promise<number | undefined> {
  let record: ChildRecord;
  try {
    record = JSON.parse(await readFile(file, 'utf8')) as ChildRecord;
  } catch {
    await forgetChild(file);
    return undefined;
  }
  const cmd = Number.isInteger(record.pid) && record.pid > 0 ? commandLine(record.pid) : undefined;
  if (!cmd?.includes(record.marker)) {
    await forgetChild(file);
    return undefined;
  }
  try {
    process.kill(record.pid, 'SIGTERM');
    const deadline = Date.now() + 5000;
    while (alive(record.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (alive(record.pid)) process.kill(record.pid, 'SIGKILL');
    while (alive(record.pid) && Date.now() < deadline + 5000) await new Promise((r) => setTimeout(r, 100));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ESRCH') {
      throw new EngineError(
        `${name} (process ${record.pid}) is still running from an earlier start that was killed, and could not be stopped (${(e as Error).message}). Stop it yourself (kill ${record.pid}) and start again.`,
      );
    }
  }
  if (alive(record.pid)) {
    throw new EngineError(
      `${name} (process ${record.pid}) is still running from an earlier start that was killed, and did not stop. Stop it yourself (kill -9 ${record.pid}) and start again.`,
    );
  }
  await forgetChild(file);
  return record.pid;
}

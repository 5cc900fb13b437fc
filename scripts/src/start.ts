/**
 * `npm start`: the whole product on http://localhost:${PORT:-3000} with its state in LOCAL_DATA_DIR
 * (default .local/ in the repository). With `--build` (as `npm start` runs it) the web app is built
 * first when its sources changed since the last build (local/web-build.ts) — after the checks that
 * can refuse the start (port taken, data folder in use), so a refusal comes at once and not after the
 * build. Ctrl-C stops every engine, Java included; starting again on the same folder keeps all data.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EngineError } from './local/engines/engine-error.ts';
import { isPortFree } from './local/engines/ports.ts';
import { assertDataDirFree, startStack } from './local/stack.ts';
import { ensureWebBuild } from './local/web-build.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port < 1 || port > 65535)
  fail(`PORT must be a port number, not "${process.env.PORT}".`);
const dataDir = path.resolve(process.env.LOCAL_DATA_DIR || path.join(repoRoot, '.local'));

if (!(await isPortFree(port))) {
  fail(
    `Port ${port} is already in use. Stop what is using it, or start on another port: PORT=${port + 1} npm start`,
  );
}
try {
  await assertDataDirFree(dataDir);
} catch (e) {
  if (e instanceof EngineError) fail(`Could not start: ${e.message}`);
  throw e;
}
if (process.argv.includes('--build')) {
  try {
    const { built } = await ensureWebBuild({ repoRoot, log: (m) => console.log(m) });
    if (!built) console.log('The web app is up to date (no change since its last build).');
  } catch (e) {
    fail(`The web app did not build (${(e as Error).message}; see above); nothing was started.`);
  }
}
if (!existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) {
  console.warn('The web app is not built (web/dist is missing): run `npm run build`. The API starts anyway.');
}

console.log('Starting Tandem (DynamoDB Local, s3rver, cognito-local, gateway)…');
const starting = startStack({ dataDir, port });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    // A second Ctrl-C: stop waiting. Java is still killed, by the engine's exit hook.
    console.error(`\n${signal} again: exiting without waiting.`);
    process.exit(1);
  }
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  try {
    // Also right when the signal comes during startup: wait for it, then stop what it started.
    await (await starting.catch(() => undefined))?.stop();
    process.exit(0);
  } catch (e) {
    fail(`Stopping failed: ${(e as Error).message}`);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  const stack = await starting;
  if (!stopping) {
    console.log(`
  Tandem is running.
    App          ${stack.url}
    Local mail   ${stack.url}/_local/mail
    Data folder  ${stack.dataDir}
  Ctrl-C stops everything; starting again on the same folder keeps all data.
`);
  }
} catch (e) {
  if (e instanceof EngineError) fail(`Could not start: ${e.message}`);
  if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE')
    fail(`Could not start: port ${port} was taken meanwhile.`);
  console.error('Could not start the local stack:');
  fail(String((e as Error).stack ?? e));
}

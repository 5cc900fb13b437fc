/**
 * The whole product on one machine (ARCHITECTURE §3): DynamoDB Local, s3rver and cognito-local on
 * free ports, then the gateway on `port` serving the web build, /config.json, the API, /ws, the
 * captured mail, cognito-local (under /cognito-idp) and the attachments bucket (under its name), so a
 * browser needs that one origin only; the table stream's reader (live updates); and the scheduled
 * jobs on their cron. Used by `npm start`, the `stack` test project
 * and the bench.
 *
 * Handlers read their environment when imported (clients are built at module load, as in Lambda), so
 * every module that reaches functions/ is imported dynamically, after the environment is set. That
 * also means one stack per process: a second start in the same process reuses the modules built for
 * the first (the ports are kept in stack.json, so a restart on the same folder still lines up).
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_VERSION } from '@tandem/shared/api/config';
import type { ThrottleLimits } from '@tandem/shared/api/throttling';
import { calendarProviders } from './calendar-providers/index.ts';
import { type CognitoEngine, startCognito } from './engines/cognito.ts';
import { startDynamoDb } from './engines/dynamodb.ts';
import { EngineError } from './engines/engine-error.ts';
import { stopOrphan } from './engines/orphans.ts';
import { bindHost, localOrigin, reservePort } from './engines/ports.ts';
import { startS3 } from './engines/s3.ts';
import { readState, updateState } from './engines/state.ts';
import { COGNITO_PATH, cognitoProxy } from './gateway/cognito-proxy.ts';
import { s3Proxy } from './gateway/s3-proxy.ts';
import { mailRequestHandler } from './mail/mail-handler.ts';
import { MailStore } from './mail/mail-store.ts';
import { isRunning } from './pid.ts';
import { startPushRecorder } from './push-recorder.ts';

export const TABLE_NAME = 'tandem';
export const ATTACHMENTS_BUCKET = 'tandem-attachments';
export const REGION = 'us-east-1';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface StackOptions {
  /** Holds all state; created if missing. */
  dataDir: string;
  /** The one port people and tests use; 0 picks a free one. */
  port: number;
  /** DynamoDB Local keeps nothing on disk (throwaway test stacks). */
  inMemory?: boolean;
  /** No engine logs (tests, bench). */
  quiet?: boolean;
  /** The gateway's request limits; false for none (tests, bench); unset reads TANDEM_THROTTLE. */
  throttle?: ThrottleLimits | false;
}

export interface Stack {
  url: string;
  port: number;
  dataDir: string;
  /** The environment the in-process handlers run with (also set on process.env while running). */
  env: Record<string, string>;
  cognito: Omit<CognitoEngine, 'stop'>;
  mail: MailStore;
  /** The table stream's reader (live updates): `drained()` waits until every write so far is handed over. */
  streams: { drained(): Promise<void> };
  /** Stops everything in reverse order, Java included; safe to call more than once. */
  stop(): Promise<void>;
}

async function buildVersion(): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'dev';
  } catch {
    return 'dev';
  }
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const dataDir = path.resolve(opts.dataDir);
  await mkdir(dataDir, { recursive: true });
  // Held until the gateway listens on it: the engines take seconds to start meanwhile.
  const reserved = opts.port ? { port: opts.port, release: async () => {} } : await reservePort(bindHost());
  const { port } = reserved;
  const url = localOrigin(port);
  const mail = new MailStore(path.join(dataDir, 'mail'));
  const stops: Array<() => unknown> = [await lockDataDir(dataDir)];
  stops.push(reserved.release);
  const savedEnv: Record<string, string | undefined> = {};
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const errors: unknown[] = [];
      for (const s of stops.reverse()) {
        try {
          await s();
        } catch (e) {
          errors.push(e);
        }
      }
      // Give the process its environment back (matters for the restart test, harmless otherwise).
      for (const [k, v] of Object.entries(savedEnv)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      if (errors.length)
        throw new AggregateError(errors, 'Some parts of the local stack did not stop cleanly');
    })();
    return stopping;
  };

  try {
    // Held the lock: a Java recorded here belongs to a stack that was killed (SIGKILL) and is stopped.
    const dynamoPidFile = path.join(dataDir, 'dynamodb.pid');
    const orphan = await stopOrphan(dynamoPidFile, 'DynamoDB Local');
    if (orphan && !opts.quiet)
      console.log(`Stopped DynamoDB Local (process ${orphan}), left running by a start that was killed.`);
    const state = await readState(dataDir);
    // Java starts slowest; s3rver and cognito-local start meanwhile.
    const [dynamodb, s3, cognito] = await startTogether(stops, [
      startDynamoDb({
        dataDir,
        tableName: TABLE_NAME,
        inMemory: opts.inMemory,
        preferredPort: state.ports?.dynamodb,
        pidFile: dynamoPidFile,
      }),
      startS3({ dataDir, bucket: ATTACHMENTS_BUCKET, appOrigin: url, preferredPort: state.ports?.s3 }),
      startCognito({ dataDir, mail, appUrl: url, quiet: opts.quiet, preferredPort: state.ports?.cognito }),
    ] as const);
    await updateState(dataDir, { ports: { dynamodb: dynamodb.port, s3: s3.port, cognito: cognito.port } });

    const version = await buildVersion();
    const push = await startPushRecorder(dataDir);
    stops.push(push.stop);
    // Google's and Microsoft's stand-ins on the app's origin (calendar integrations, D70).
    const calendars = calendarProviders(url);
    const env: Record<string, string> = {
      TABLE_NAME,
      ATTACHMENTS_BUCKET,
      AWS_REGION: REGION,
      // s3rver accepts only these; DynamoDB Local and cognito-local accept anything.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      DYNAMODB_ENDPOINT: dynamodb.endpoint,
      // The gateway writes the viewer's address header as CloudFront's function does (D76).
      EDGE_VIEWER_ADDRESS: '1',
      // s3rver through the gateway (gateway/s3-proxy.ts): presigned links name the app's origin.
      S3_ENDPOINT: url,
      SES_ENDPOINT: `${url}/_local/ses`,
      // The gateway serves the WebSocket API's @connections endpoint on the app's origin.
      WS_MANAGEMENT_ENDPOINT: url,
      COGNITO_USER_POOL_ID: cognito.userPoolId,
      COGNITO_CLIENT_ID: cognito.clientId,
      COGNITO_ISSUER: cognito.issuer,
      COGNITO_JWKS_URI: cognito.jwksUri,
      COGNITO_ENDPOINT: cognito.endpoint,
      BUILD_VERSION: version,
      APP_URL: url,
      LOCAL_DATA_DIR: dataDir,
      // The internal accounts of the allow-list (Issues tab, Agendas), from the shell: e-mails.
      INTERNAL_ACCOUNTS: process.env.INTERNAL_ACCOUNTS ?? '',
      // Who may use agendas (decisions D67), from the shell: e-mails or @domains; empty: everyone.
      AGENDA_ACCOUNTS: process.env.AGENDA_ACCOUNTS ?? '',
      // Web Push: the VAPID keys and the push recorder's certificate (push-recorder.ts).
      ...push.env,
      ...calendars.env,
      // CalDAV servers on this machine (Radicale in tests) may be connected (D70's address guard).
      INTEGRATIONS_ALLOW_PRIVATE_HOSTS: '1',
    };
    for (const [k, v] of Object.entries(env)) {
      if (!(k in savedEnv)) savedEnv[k] = process.env[k];
      process.env[k] = v;
    }

    // Only now may anything import functions/ (see the header).
    if (dynamodb.upgraded) {
      // Items written before a new index was added get its keys (decisions D28).
      const { backfillListKeys } = await import('@tandem/functions/db/migrations/list-keys');
      const n = await backfillListKeys();
      if (!opts.quiet && n > 0) console.log(`Gave ${n} task placements the keys of the list indexes.`);
      // And the day watch the daily normalisation reads (decisions D34).
      const { backfillDayWatchKeys } = await import('@tandem/functions/db/migrations/day-watch-keys');
      const w = await backfillDayWatchKeys();
      if (!opts.quiet && w > 0) console.log(`Put ${w} task placements on the day watch.`);
    }
    const { startGateway } = await import('./gateway/index.ts');
    await reserved.release();
    const gateway = await startGateway({
      port,
      webDistDir: path.join(repoRoot, 'web', 'dist'),
      runtimeConfig: {
        apiUrl: `${url}/api/v1`,
        wsUrl: `${url.replace(/^http/, 'ws')}/ws`,
        buildVersion: BUILD_VERSION,
        vapidPublicKey: push.env.VAPID_PUBLIC_KEY,
        cognito: {
          region: REGION,
          userPoolId: cognito.userPoolId,
          clientId: cognito.clientId,
          // cognito-local through the gateway: the browser needs this one origin only.
          endpoint: `${url}${COGNITO_PATH}`,
        },
      },
      jwt: { issuer: cognito.issuer, clientId: cognito.clientId, jwksUri: cognito.jwksUri },
      extraHandlers: [
        cognitoProxy(cognito.endpoint),
        s3Proxy(s3.endpoint, ATTACHMENTS_BUCKET),
        mailRequestHandler(mail),
        push.handler,
        calendars.handler,
      ],
      ...(opts.throttle === undefined ? {} : { throttle: opts.throttle }),
    });
    stops.push(() => gateway.close());

    // Live updates: the table's stream to the consumer, as Lambda's event source mapping does.
    const { startStreamRunner } = await import('./streams.ts');
    const streams = startStreamRunner({
      endpoint: dynamodb.endpoint,
      tableName: TABLE_NAME,
      region: REGION,
      quiet: opts.quiet,
    });
    stops.push(() => streams.stop());

    const { startJobs } = await import('./gateway/jobs.ts');
    const jobs = startJobs();
    stops.push(() => jobs.stop());

    const { stop: _stop, ...cognitoInfo } = cognito;
    return { url, port, dataDir, env, cognito: cognitoInfo, mail, streams, stop };
  } catch (e) {
    await stop().catch(() => {});
    throw e;
  }
}

const lockFile = (dataDir: string) => path.join(dataDir, 'stack.lock');

/**
 * Refuses when a running stack holds `dataDir`. `npm start` calls this before it builds the web app,
 * so a second start says so at once; startStack takes the lock itself all the same.
 */
export async function assertDataDirFree(dataDir: string): Promise<void> {
  const pid = Number(await readFile(lockFile(path.resolve(dataDir)), 'utf8').catch(() => ''));
  if (pid && isRunning(pid)) {
    throw new EngineError(
      `Another Tandem stack (process ${pid}) is using ${path.resolve(dataDir)}. Stop it first, or start on another folder: LOCAL_DATA_DIR=<folder> npm start`,
    );
  }
}

/**
 * One stack per data folder: two would write the same SQLite file and JSON stores. The lock holds the
 * owner's pid; a lock left by a process that no longer runs (killed with SIGKILL) is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = lockFile(dataDir);
  for (let attempt = 0; ; attempt++) {
    try {
      const h = await open(file, 'wx');
      await h.writeFile(String(process.pid));
      await h.close();
      return () => rm(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw e;
      await assertDataDirFree(dataDir);
      await rm(file, { force: true });
    }
  }
}

/**
 * Awaits engines started in parallel, registering each one's stop. Unlike Promise.all it waits for all
 * of them before failing, so an engine still starting when another fails is stopped too (Java above all).
 */
async function startTogether<T extends readonly Promise<{ stop(): Promise<void> }>[]>(
  stops: Array<() => unknown>,
  engines: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(engines);
  for (const r of settled) if (r.status === 'fulfilled') stops.push(r.value.stop);
  for (const r of settled) if (r.status === 'rejected') throw r.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}

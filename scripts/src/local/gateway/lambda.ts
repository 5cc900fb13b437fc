/**
 * The local stand-in for the Lambda runtime: loads a handler module of functions/src on its first
 * call (a cold start) and calls `handler(event, context)` with a context shaped like Lambda's, so the
 * modules infra deploys run here unchanged. Also the identifiers AWS would put in events.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const FUNCTIONS_SRC = path.join(REPO_ROOT, 'functions', 'src');

/** Fixed stand-ins for the account and API ids that appear in ARNs and events. */
export const awsIds = {
  accountId: '123456789012',
  apiId: 'local',
  /** The HTTP API's auto-deployed stage. */
  stage: '$default',
  /** WebSocket APIs have no $default stage; infra names one. */
  wsStage: 'local',
  get region() {
    return process.env.AWS_REGION ?? 'us-east-1';
  },
};

/**
 * Where handlers live: functions/src/http for routes, ws for the WebSocket API, jobs for schedules,
 * streams for the table stream's consumer.
 */
export type HandlerKind = 'http' | 'ws' | 'jobs' | 'streams';
type Handler = (event: unknown, context: Context) => Promise<unknown>;

export class MissingHandlerError extends Error {}

export const handlerFile = (kind: HandlerKind, name: string) => path.join(FUNCTIONS_SRC, kind, `${name}.ts`);
export const handlerExists = (kind: HandlerKind, name: string) => existsSync(handlerFile(kind, name));

const loaded = new Map<string, Promise<Handler>>();

function loadHandler(kind: HandlerKind, name: string): Promise<Handler> {
  const file = handlerFile(kind, name);
  let handler = loaded.get(file);
  if (!handler) {
    handler = importHandler(file);
    loaded.set(file, handler);
    // A module that failed to load (missing, or a syntax error mid-edit) is tried again next call.
    handler.catch(() => loaded.delete(file));
  }
  return handler;
}

async function importHandler(file: string): Promise<Handler> {
  const shown = path.relative(REPO_ROOT, file);
  if (!existsSync(file)) throw new MissingHandlerError(`${shown} does not exist`);
  const mod = (await import(pathToFileURL(file).href)) as { handler?: unknown };
  if (typeof mod.handler !== 'function') throw new MissingHandlerError(`${shown} exports no handler`);
  return mod.handler as Handler;
}

/** Seconds a function may run, as infra configures them: API Gateway gives up after 30 s anyway. */
const TIMEOUT_MS: Record<HandlerKind, number> = { http: 30_000, ws: 30_000, jobs: 900_000, streams: 60_000 };

export async function invoke(kind: HandlerKind, name: string, event: unknown): Promise<unknown> {
  const handler = await loadHandler(kind, name);
  return handler(event, lambdaContext(`tandem-${kind}-${name.replaceAll('/', '-')}`, TIMEOUT_MS[kind]));
}

function lambdaContext(functionName: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '/');
  const ignored = () => undefined;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${awsIds.region}:${awsIds.accountId}:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `${day}/[$LATEST]${randomBytes(16).toString('hex')}`,
    // middy reads this to answer before the deadline.
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    // The callback-era methods are unused by async handlers but part of the object.
    done: ignored,
    fail: ignored,
    succeed: ignored,
  };
}

/** API Gateway's request and connection ids: 16 characters, URL-safe, ending in '=' ("L0SM9cOFvHcCIhw="). */
export const gatewayId = () => `${randomBytes(11).toString('base64url')}=`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** API Gateway's `requestTime`/`time` format: "21/Nov/2026:09:12:03 +0000". */
export function clfTime(epochMs: number): string {
  const d = new Date(epochMs);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/** The client's address as API Gateway reports it (no IPv4-mapped IPv6 prefix). */
export const sourceIp = (remote: string | undefined) => (remote ?? '127.0.0.1').replace(/^::ffff:/, '');

/** Whether request logging is on: one line per request unless TANDEM_LOG_LEVEL=silent. */
export const logRequests = () => process.env.TANDEM_LOG_LEVEL !== 'silent';

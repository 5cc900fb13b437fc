/**
 * Failures of the engines behind the API (DynamoDB, S3, Cognito), told apart from a caller's mistake
 * so that an outage answers 503 with Retry-After and is logged, while bad input still answers 4xx.
 *
 * Classified by the error's type, name, code and SDK metadata — never by its message text:
 * - the network: Node's socket error codes (ECONNREFUSED when the engine is stopped, …);
 * - time: the SDK's TimeoutError and its request-timeout names;
 * - throttling: the AWS throttling names, or HTTP 429;
 * - the service itself: a server fault (`$fault: 'server'`) or HTTP 500/502/503/504.
 * ElectroDB wraps the SDK's error (ElectroError 4001, the SDK error as `cause`), so the whole cause
 * chain is walked. The lists follow the AWS SDK's own retry classification (@smithy/core).
 */

export type EngineName = 'DynamoDB' | 'S3' | 'Cognito';

/**
 * Every engine client's socket limits: an engine that accepts a connection and then says nothing
 * fails the request (a TimeoutError, so a 503) instead of holding the function until Lambda kills it.
 * Three attempts of at most 3 s stay inside an API function's 15 s (infra tandem-function.ts).
 */
export const ENGINE_HTTP_OPTIONS = {
  connectionTimeout: 1_000,
  requestTimeout: 3_000,
  throwOnRequestTimeout: true,
} as const;

export interface EngineFailure {
  /** Which engine failed, from the client that sent the request (see tagEngine). */
  engine: EngineName | 'unknown';
  reason: 'unreachable' | 'timeout' | 'throttled' | 'server-error';
  /** The failing error's name and code (ECONNREFUSED, ThrottlingException, …). */
  name: string;
  code?: string;
  httpStatus?: number;
  /** Attempts the SDK made, its retries included. */
  attempts?: number;
  message: string;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);
const TIMEOUT_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const THROTTLING_NAMES = new Set([
  'BandwidthLimitExceeded',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);
const TRANSIENT_STATUS = new Set([500, 502, 503, 504]);

/** A symbol, not a field a service could send: the engine a client talks to, put on its errors. */
const ENGINE = Symbol.for('tandem.engine');

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  $fault?: unknown;
  $metadata?: { httpStatusCode?: unknown; attempts?: unknown };
  [ENGINE]?: EngineName;
}

const asError = (e: unknown): ErrorLike | null =>
  typeof e === 'object' && e !== null ? (e as ErrorLike) : null;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function reasonOf(e: ErrorLike): EngineFailure['reason'] | null {
  const name = str(e.name) ?? '';
  const code = str(e.code) ?? '';
  const status = num(e.$metadata?.httpStatusCode);
  if (name === 'AbortError') return null;
  if (NETWORK_CODES.has(code)) return code === 'ETIMEDOUT' ? 'timeout' : 'unreachable';
  if (TIMEOUT_NAMES.has(name)) return 'timeout';
  if (THROTTLING_NAMES.has(name) || status === 429) return 'throttled';
  if (e.$fault === 'server' || (status !== undefined && TRANSIENT_STATUS.has(status))) return 'server-error';
  // Node reports a refused connection to every address of a name as one AggregateError.
  if (Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every((x) => reasonOf(asError(x) ?? {})))
    return reasonOf(asError(e.errors[0]) ?? {});
  return null;
}

/** The engine failure behind `err`, or null when `err` is something else (a bug, a caller's mistake). */
export function engineFailure(err: unknown): EngineFailure | null {
  const chain: ErrorLike[] = [];
  for (let e = asError(err); e && chain.length < 10; e = asError(e.cause)) chain.push(e);
  const failing = chain.find((e) => reasonOf(e) !== null);
  if (!failing) return null;
  const engine = chain.find((e) => e[ENGINE])?.[ENGINE] ?? 'unknown';
  const code = str(failing.code);
  const httpStatus = num(failing.$metadata?.httpStatusCode);
  const attempts =
    num(failing.$metadata?.attempts) ?? num(chain.find((e) => e.$metadata)?.$metadata?.attempts);
  return {
    engine,
    reason: reasonOf(failing)!,
    name: str(failing.name) ?? 'Error',
    ...(code ? { code } : {}),
    ...(httpStatus !== undefined ? { httpStatus } : {}),
    ...(attempts !== undefined ? { attempts } : {}),
    message: str(failing.message) ?? '',
  };
}

/** The one method of an AWS SDK v3 client used here (method syntax: any client's stack fits). */
interface WithMiddleware {
  middlewareStack: { add(middleware: never, options: { step: 'initialize'; name: string }): void };
}

/**
 * Marks every error a client throws with the engine it talks to, so a log line can say which engine
 * failed (a refused connection does not say which service it was for).
 */
export function tagEngine<C extends WithMiddleware>(client: C, engine: EngineName): C {
  const middleware =
    (next: (args: unknown) => Promise<unknown>) =>
    async (args: unknown): Promise<unknown> => {
      try {
        return await next(args);
      } catch (e) {
        if (typeof e === 'object' && e !== null && Object.isExtensible(e))
          Object.defineProperty(e, ENGINE, { value: engine, configurable: true });
        throw e;
      }
    };
  client.middlewareStack.add(middleware as never, { step: 'initialize', name: 'tandemEngineTag' });
  return client;
}

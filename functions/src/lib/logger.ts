/**
 * Structured one-line JSON logs (CloudWatch in AWS, the terminal locally), in the shape of Powertools
 * for AWS Lambda's Logger: `level`, `message`, `timestamp`, `service`, the function and trace where
 * Lambda sets them, then the line's own keys at the top level.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

const RESERVED = new Set(['level', 'message', 'timestamp', 'service']);

function fieldsOf(extra: unknown): Record<string, unknown> {
  if (extra === undefined) return {};
  if (extra instanceof Error) return { error: extra.message, stack: extra.stack };
  if (typeof extra === 'object' && extra !== null && !Array.isArray(extra)) {
    return Object.fromEntries(Object.entries(extra).filter(([k]) => !RESERVED.has(k)));
  }
  return { extra };
}

function log(level: Level, message: string, extra?: unknown): void {
  // Read per call: tests and the local stack change it after modules load.
  const quiet = process.env.TANDEM_LOG_LEVEL === 'silent';
  if (quiet && level !== 'error') return;
  const fn = process.env.AWS_LAMBDA_FUNCTION_NAME;
  const trace = process.env._X_AMZN_TRACE_ID;
  const line = JSON.stringify({
    level: level.toUpperCase(),
    message,
    timestamp: new Date().toISOString(),
    service: process.env.POWERTOOLS_SERVICE_NAME ?? 'tandem',
    ...(fn ? { function_name: fn } : {}),
    ...(trace ? { xray_trace_id: trace } : {}),
    ...fieldsOf(extra),
  });
  if (level === 'error') console.error(line);
  else console.log(line);
}

export const logger = {
  debug: (m: string, e?: unknown) => log('debug', m, e),
  info: (m: string, e?: unknown) => log('info', m, e),
  warn: (m: string, e?: unknown) => log('warn', m, e),
  error: (m: string, e?: unknown) => log('error', m, e),
};

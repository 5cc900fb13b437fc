/** Structured one-line JSON logs (CloudWatch in AWS, the terminal locally). */
type Level = 'debug' | 'info' | 'warn' | 'error';

function log(level: Level, message: string, extra?: unknown): void {
  // Read per call: tests and the local stack change it after modules load.
  const quiet = process.env.TANDEM_LOG_LEVEL === 'silent';
  if (quiet && level !== 'error') return;
  const detail =
    extra instanceof Error
      ? { error: extra.message, stack: extra.stack }
      : extra === undefined
        ? {}
        : { extra };
  const line = JSON.stringify({ level, message, ...detail });
  if (level === 'error') console.error(line);
  else console.log(line);
}

export const logger = {
  debug: (m: string, e?: unknown) => log('debug', m, e),
  info: (m: string, e?: unknown) => log('info', m, e),
  warn: (m: string, e?: unknown) => log('warn', m, e),
  error: (m: string, e?: unknown) => log('error', m, e),
};

/**
 * The keys of tellings queued for the stream consumer (outbox.ts; decisions D46). Free of imports, so
 * the stream filter (read by infra too) can name its prefix.
 */
export const TELL_OUTBOX_SORT_PREFIX = 'tellout#';

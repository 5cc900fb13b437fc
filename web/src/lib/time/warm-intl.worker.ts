/**
 * Readies the browser's date and number formatting off the main thread (lib/time/warm-intl.ts): the
 * first formatter a page makes loads the locale data, once per browser process, which a worker
 * shares.
 */
const now = new Date();
for (const locale of [undefined, 'en-US', ...navigator.languages]) {
  new Intl.NumberFormat(locale).format(1234.5);
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(now);
}
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
new Intl.DateTimeFormat('en-US', {
  timeZone: zone,
  hourCycle: 'h23',
  hour: 'numeric',
  minute: 'numeric',
}).formatToParts(now);
postMessage(zone);

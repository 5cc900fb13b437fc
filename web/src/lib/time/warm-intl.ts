/**
 * The first date or number formatter a page makes costs 30–100 ms on a slow phone's main thread (the
 * browser loads its locale data then, once per process). A worker started with the app's code makes
 * them first, while the app waits for its first reads, so the first render formats at no extra cost
 * (docs/decisions.md D93). Nothing waits for it: should a formatter be needed sooner, it pays as before.
 */
export function warmIntl(): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./warm-intl.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = worker.onerror = () => worker.terminate();
  } catch {
    // No worker here (a policy or an old browser): the first formatter loads the data itself.
  }
}

/**
 * Registers the service worker (web/public/sw.js, scope '/') once the page has painted and the
 * browser is idle, so it never competes with the first screen. Registration failures are only
 * logged (spec 001 §8): the app works without it, only pushes and the offline note are missing.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .catch((err: unknown) => console.warn('Service worker registration failed', err));
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

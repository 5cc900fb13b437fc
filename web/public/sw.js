/*
 * Tandem's service worker (spec 000 §7, §8; docs/realtime.md "Web Push"), served from the site's root
 * so its scope is the whole app. Plain JavaScript, not part of the build: the browser fetches it by
 * this name and checks it for updates itself.
 *
 * - push: shows the push as a notification ({ title, body, url, tag } as sendPush sends it);
 * - notificationclick: focuses a tab of the app on the notification's url, or opens one;
 * - fetch (page loads only, with navigation preload): a load that fails for want of a connection is
 *   logged as offline mode;
 * - message { type: 'show-notification', payload }: the page asks for the same notification a push
 *   would show (used when the app wants a system notification while it is open).
 */
const ORIGIN = self.location.origin;

self.addEventListener('install', () => self.skipWaiting());
// Navigation preload: a page load's request starts while the worker boots, so passing through it
// costs the load no waiting.
self.addEventListener('activate', (event) =>
  event.waitUntil(Promise.all([self.clients.claim(), self.registration.navigationPreload?.enable()])),
);

function readPayload(data) {
  if (!data) return null;
  try {
    return data.json();
  } catch {
    return { title: 'Tandem', body: data.text() };
  }
}

/** Only this app's own pages are opened from a notification. */
function appUrl(url) {
  try {
    const u = new URL(url || '/', ORIGIN);
    return u.origin === ORIGIN ? u.href : `${ORIGIN}/`;
  } catch {
    return `${ORIGIN}/`;
  }
}

function show(payload) {
  const p = payload || {};
  return self.registration.showNotification(String(p.title || 'Tandem'), {
    body: String(p.body || ''),
    icon: '/favicon.svg',
    badge: '/favicon.svg',
    ...(p.tag ? { tag: String(p.tag) } : {}),
    data: { url: appUrl(p.url) },
  });
}

self.addEventListener('push', (event) => {
  event.waitUntil(show(readPayload(event.data)));
});

self.addEventListener('message', (event) => {
  if (event.data?.type !== 'show-notification') return;
  // A port sent with the message hears when it is shown, or why not.
  const reply = event.ports[0];
  event.waitUntil(
    show(event.data.payload).then(
      () => reply?.postMessage({ shown: true }),
      (err) => {
        console.warn('Tandem: the notification could not be shown', err);
        reply?.postMessage({ shown: false, error: String(err) });
      },
    ),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = event.notification.data?.url || `${ORIGIN}/`;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === target) || windows.find((w) => w.url.startsWith(ORIGIN));
      if (same) {
        const focused = await same.focus();
        if (focused.url !== target && 'navigate' in focused) await focused.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

let offline = false;
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    (async () => {
      try {
        const res = (await event.preloadResponse) || (await fetch(event.request));
        if (offline) console.info('Tandem: back online');
        offline = false;
        return res;
      } catch (err) {
        if (!offline) console.warn('Tandem: offline mode — no connection', err);
        offline = true;
        return Response.error();
      }
    })(),
  );
});

/**
 * The requests a page sends and when its live connection opened, from the browser's own network log.
 * A page's first live connection reads again what it loaded (D94): what was sent before it opened is
 * the page's first reads.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface Seen {
  url: string;
  /** The script whose code asked (the top of the initiator's stack). */
  by: string;
  /** When the request was sent and when its answer came (CDP's monotonic seconds). */
  sentAt: number;
  answeredAt?: number;
  /** The answer's HTTP status, once it came. */
  status?: number;
}

export interface NetworkLog {
  /** Every request sent since the log began, in order. */
  seen: Seen[];
  /** When the first live connection's handshake was answered; undefined while it has not been. */
  socketOpenedAt(): number | undefined;
  /** The requests sent before the first live connection opened (all of them while it has not). */
  beforeLive(): Seen[];
  /** The requests sent once it had opened. */
  afterLive(): Seen[];
  stop(): Promise<void>;
}

export async function logNetwork(
  context: BrowserContext,
  page: Page,
  { cacheDisabled = false } = {},
): Promise<NetworkLog> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (cacheDisabled) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen: Seen[] = [];
  const byId = new Map<string, Seen>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const frames = e.initiator.stack?.callFrames ?? [];
    const one: Seen = {
      url: e.request.url,
      by: frames[0]?.url ?? e.initiator.url ?? '',
      sentAt: e.timestamp,
    };
    seen.push(one);
    byId.set(e.requestId, one);
  });
  cdp.on('Network.responseReceived', (e) => {
    const one = byId.get(e.requestId);
    if (!one) return;
    one.answeredAt = e.timestamp;
    one.status = e.response.status;
  });
  let openedAt: number | undefined;
  cdp.on('Network.webSocketHandshakeResponseReceived', (e) => {
    openedAt ??= e.timestamp;
  });
  return {
    seen,
    socketOpenedAt: () => openedAt,
    beforeLive: () => seen.filter((r) => openedAt === undefined || r.sentAt < openedAt),
    afterLive: () => seen.filter((r) => openedAt !== undefined && r.sentAt >= openedAt),
    stop: () => cdp.detach(),
  };
}

/**
 * The WebSocket to the server's live updates (docs/realtime.md; spec 000 §8, §9):
 * - connects with the access token as the `token` query parameter (a browser cannot set headers on
 *   a WebSocket), asking for a fresh one on every attempt so an expired token is never reused;
 * - reconnects after a close, 1 s doubling to a 10 s cap, up to 10 times in a row; then it rests
 *   until `resume()` (the browser is online again, the tab is shown again);
 * - queues what it is asked to send and flushes the queue 500 ms after each connect; a message is
 *   dropped after 3 failed tries (a try fails when the socket is not open or closes on it);
 * - drops an event whose id it has seen (delivery is at least once);
 * - tells each time it connects, the first time too, so the caller reads again what it may have missed:
 *   after a drop, what changed while it was down; at the first, what changed between the page's first
 *   reads and the server knowing this socket (nothing keeps events for a socket not yet connected).
 * Framework-free, with the socket and clock injectable, so the rules are tested with fake timers.
 */
import { reconnectDelay, SOCKET_RULES } from '@tandem/shared/api/realtime';

/** What this client needs of a WebSocket (the browser's, or a test double). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

const OPEN = 1;

/**
 * `connecting`: the first connection is being made; `open`; `down`: lost, trying again;
 * `resting`: gave up after the reconnects allowed, until resumed.
 */
export type LiveStatus = 'connecting' | 'open' | 'down' | 'resting';

export interface LiveSocketOptions {
  /** The WebSocket API's URL (config.json `wsUrl`). */
  url: string;
  getToken: () => Promise<string>;
  /** A parsed message from the server that is not a repeat. */
  onMessage: (message: unknown) => void;
  onStatus?: (status: LiveStatus) => void;
  /**
   * Connected, the first time or again: what happened before was not heard (since the page's first
   * reads, or while the connection was down).
   */
  onConnected?: () => void;
  createSocket?: (url: string) => SocketLike;
}

interface Queued {
  data: string;
  failures: number;
}

export class LiveSocket {
  private socket: SocketLike | null = null;
  private status: LiveStatus = 'connecting';
  private stopped = true;
  /** Reconnects tried since the last successful connection. */
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private readonly queue: Queued[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly opts: LiveSocketOptions) {}

  get currentStatus(): LiveStatus {
    return this.status;
  }

  /** Messages waiting to be sent (tests, and the caller's curiosity). */
  get queued(): number {
    return this.queue.length;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.setStatus('connecting');
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.flushTimer);
    clearInterval(this.pingTimer);
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.close(1000, 'Signed out');
    }
  }

  /** After resting (too many reconnects): try again now, with a fresh count. */
  resume(): void {
    if (this.stopped || this.status !== 'resting') return;
    this.attempts = 0;
    this.setStatus('down');
    void this.connect();
  }

  /** Queues a message; it goes out now if the connection is up and flushed, else at the next flush. */
  send(message: object): void {
    this.queue.push({ data: JSON.stringify(message), failures: 0 });
    if (this.status === 'open' && this.flushTimer === undefined) this.flush();
  }

  private setStatus(s: LiveStatus): void {
    if (s === this.status) return;
    this.status = s;
    this.opts.onStatus?.(s);
  }

  private async connect(): Promise<void> {
    let token: string;
    try {
      token = await this.opts.getToken();
    } catch {
      // No session to connect with (being refreshed, or signed out): counts as a failed attempt.
      if (!this.stopped) this.lost();
      return;
    }
    if (this.stopped) return;
    const url = `${this.opts.url}${this.opts.url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
    const socket = (this.opts.createSocket ?? ((u) => new WebSocket(u) as unknown as SocketLike))(url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.setStatus('open');
      clearTimeout(this.flushTimer);
      this.flushTimer = setTimeout(() => {
        this.flushTimer = undefined;
        this.flush();
      }, SOCKET_RULES.flushDelayMs);
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => {
        if (socket.readyState === OPEN) socket.send(JSON.stringify({ type: 'ping' }));
      }, SOCKET_RULES.keepAliveMs);
      this.opts.onConnected?.();
    };
    socket.onmessage = (ev) => this.receive(ev.data);
    socket.onerror = () => {
      // A close follows every error; the reconnect happens there.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
      clearInterval(this.pingTimer);
      if (!this.stopped) this.lost();
    };
  }

  /** The connection failed or dropped: every waiting message has had a failed try; then reconnect. */
  private lost(): void {
    this.failQueued();
    if (this.attempts >= SOCKET_RULES.maxReconnects) {
      this.setStatus('resting');
      return;
    }
    this.attempts += 1;
    this.setStatus('down');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), reconnectDelay(this.attempts));
  }

  private failQueued(): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const q = this.queue[i]!;
      q.failures += 1;
      if (q.failures >= SOCKET_RULES.maxSendAttempts) this.queue.splice(i, 1);
    }
  }

  private flush(): void {
    const socket = this.socket;
    while (this.queue.length > 0) {
      const next = this.queue[0]!;
      if (!socket || socket.readyState !== OPEN) return;
      try {
        socket.send(next.data);
        this.queue.shift();
      } catch {
        next.failures += 1;
        if (next.failures >= SOCKET_RULES.maxSendAttempts) this.queue.shift();
        else return;
      }
    }
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    // A chat event's `id` is its message's (spec 000 §7); its change's own id is `event_id`.
    const m = message as { id?: unknown; event_id?: unknown } | null;
    const id = m?.event_id ?? m?.id;
    if (typeof id === 'string') {
      if (this.seen.has(id)) return;
      this.seen.add(id);
      // Remember the latest ones only: a Set iterates in insertion order, the oldest first.
      if (this.seen.size > SOCKET_RULES.seenEventIds) this.seen.delete(this.seen.values().next().value!);
    }
    this.opts.onMessage(message);
  }
}

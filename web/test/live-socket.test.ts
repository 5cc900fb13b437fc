/**
 * The live socket's rules (spec 000 §8, §9): backoff 1 s doubling to 10 s, up to 10 reconnects, a
 * queue flushed 500 ms after connecting, a message dropped after 3 failed tries, repeats dropped by
 * event id, and a reconnect reported so the caller revalidates.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LiveSocket, type LiveStatus, type SocketLike } from '../src/lib/live/live-socket.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  failSend = false;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    if (this.failSend) throw new Error('send failed');
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  message(data: object) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
}

let sockets: FakeSocket[];
let statuses: LiveStatus[];
let received: unknown[];
let connected: number;
let live: LiveSocket;
let tokens: number;

/** Lets the token promise resolve so the socket is created. */
const settle = () => vi.advanceTimersByTimeAsync(0);
const last = () => sockets.at(-1)!;

beforeEach(async () => {
  vi.useFakeTimers();
  sockets = [];
  statuses = [];
  received = [];
  connected = 0;
  tokens = 0;
  live = new LiveSocket({
    url: 'wss://example.test/ws',
    getToken: async () => `token-${++tokens}`,
    onMessage: (m) => received.push(m),
    onStatus: (s) => statuses.push(s),
    onConnected: () => connected++,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
  live.start();
  await settle();
});

afterEach(() => {
  live.stop();
  vi.useRealTimers();
});

describe('connecting', () => {
  test('sends a fresh access token as the token query parameter on every attempt', async () => {
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('wss://example.test/ws?token=token-1');
    last().drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(last().url).toBe('wss://example.test/ws?token=token-2');
  });
});

describe('reconnecting', () => {
  test('waits 1 s, 2 s, 4 s, 8 s, then 10 s between attempts', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const before = sockets.length;
      last().drop();
      let waited = 0;
      while (sockets.length === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(statuses).toEqual(['down']);
  });

  test('gives up after 10 reconnects in a row, until resumed', async () => {
    for (let i = 0; i < 10; i++) {
      last().drop();
      await vi.advanceTimersByTimeAsync(10_000);
    }
    expect(sockets).toHaveLength(11);
    last().drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(11);
    expect(live.currentStatus).toBe('resting');

    live.resume();
    await settle();
    expect(sockets).toHaveLength(12);
    last().open();
    expect(live.currentStatus).toBe('open');
  });

  test('a successful connection starts the count and the backoff again', async () => {
    for (let i = 0; i < 5; i++) {
      last().drop();
      await vi.advanceTimersByTimeAsync(10_000);
    }
    last().open();
    const before = sockets.length;
    last().drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(before + 1);
  });

  test('tells the caller at every connection (to revalidate), the first one too, not while down', async () => {
    expect(connected).toBe(0);
    last().open();
    expect(connected).toBe(1);
    last().drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(connected).toBe(1);
    last().open();
    expect(connected).toBe(2);
    expect(statuses).toEqual(['open', 'down', 'open']);
  });
});

describe('the send queue', () => {
  test('holds messages until 500 ms after the connection opens, then sends them in order', async () => {
    live.send({ n: 1 });
    live.send({ n: 2 });
    last().open();
    await vi.advanceTimersByTimeAsync(499);
    expect(last().sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(last().sent).toEqual(['{"n":1}', '{"n":2}']);
    live.send({ n: 3 });
    expect(last().sent).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
  });

  test('drops a message after 3 failed tries', async () => {
    live.send({ n: 1 });
    last().drop(); // try 1 failed
    await vi.advanceTimersByTimeAsync(1000);
    last().drop(); // try 2 failed
    await vi.advanceTimersByTimeAsync(2000);
    expect(live.queued).toBe(1);
    last().drop(); // try 3 failed
    expect(live.queued).toBe(0);
    await vi.advanceTimersByTimeAsync(4000);
    last().open();
    await vi.advanceTimersByTimeAsync(500);
    expect(last().sent).toEqual([]);
  });

  test('a send that throws counts as a failed try; the message goes at the next flush', async () => {
    live.send({ n: 1 });
    last().open();
    last().failSend = true;
    await vi.advanceTimersByTimeAsync(500);
    expect(live.queued).toBe(1);
    last().failSend = false;
    last().drop();
    await vi.advanceTimersByTimeAsync(1000);
    last().open();
    await vi.advanceTimersByTimeAsync(500);
    expect(last().sent).toEqual(['{"n":1}']);
    expect(live.queued).toBe(0);
  });
});

describe('receiving', () => {
  test('passes each event on once, even when it is delivered twice', async () => {
    last().open();
    const event = { type: 'task_changed', id: 'e1', task_id: 't1' };
    last().message(event);
    last().message(event);
    last().message({ ...event, id: 'e2' });
    last().message({ type: 'pong' });
    expect(received).toEqual([event, { ...event, id: 'e2' }, { type: 'pong' }]);
  });

  test("keeps a message's chat events apart by their event_id (the message id repeats), and drops a repeat", async () => {
    last().open();
    const created = { type: 'new_message', id: 'm1', event_id: 'r1', chat_id: 't1' };
    const updated = { ...created, type: 'update_message', event_id: 'r2' };
    last().message(created);
    last().message(updated);
    last().message(updated);
    expect(received).toEqual([created, updated]);
  });

  test('keeps the socket alive with a ping every 5 minutes', async () => {
    last().open();
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
    expect(last().sent).toContain('{"type":"ping"}');
  });

  test('stop closes the socket and never reconnects', async () => {
    last().open();
    live.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });
});

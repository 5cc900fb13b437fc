/**
 * The date and number formatting made ready by a worker while the app waits for its first reads
 * (lib/time/warm-intl.ts, D93): the app's code makes no formatter while it loads, the worker makes
 * them and answers, and the page lets it go once it has.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('formatting made ready off the main thread', () => {
  it('reads the computer’s zone on first use, not when the code loads', async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const zone = await import('../src/lib/time/zone.ts');
    expect(made).not.toHaveBeenCalled();
    expect(zone.displayZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(made).toHaveBeenCalled();
  });

  it('the worker makes a number and a date formatter in the zone, then answers with the zone', async () => {
    const answered = vi.fn();
    vi.stubGlobal('postMessage', answered);
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    await import('../src/lib/time/warm-intl.worker.ts');
    expect(numbers).toHaveBeenCalled();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(dates).toHaveBeenCalledWith('en-US', expect.objectContaining({ timeZone: zone }));
    expect(answered).toHaveBeenCalledWith(zone);
  });

  it('starts the worker as a module and ends it once it answers or fails', async () => {
    const started: { url: string; options: WorkerOptions; terminated: number; worker: FakeWorker }[] = [];
    class FakeWorker {
      onmessage: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(url: URL, options: WorkerOptions) {
        started.push({ url: String(url), options, terminated: 0, worker: this });
      }
      terminate() {
        started.find((s) => s.worker === this)!.terminated++;
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    const { warmIntl } = await import('../src/lib/time/warm-intl.ts');
    warmIntl();
    warmIntl();
    expect(started.map((s) => [s.url.replace(/^.*\//, ''), s.options])).toEqual([
      ['warm-intl.worker.ts', { type: 'module' }],
      ['warm-intl.worker.ts', { type: 'module' }],
    ]);
    started[0]!.worker.onmessage?.();
    started[1]!.worker.onerror?.();
    expect(started.map((s) => s.terminated)).toEqual([1, 1]);
  });

  it('does nothing where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const { warmIntl } = await import('../src/lib/time/warm-intl.ts');
    expect(() => warmIntl()).not.toThrow();
  });
});

/**
 * The local stand-in for a fanned-out job (JobDef.fanOut, decisions D34): what the Step Functions
 * distributed map does in AWS. The job's handler answers a page of items; the items go to its worker
 * in batches of `batchSize`, `concurrency` batches at a time; a failed batch is run again twice, as
 * the map's retry does; then the next page, until the handler answers no `next`.
 */
import type { JobDef } from '@tandem/shared/api/routes';
import { invoke } from './lambda.ts';

interface Page {
  now: string;
  items: unknown[];
  next: unknown;
}

/** What a run did: items handed out, batches that failed for good. */
export interface FanOutResult {
  items: number;
  batches: number;
  failedBatches: number;
}

const RETRIES = 2;

export async function runFanOut(
  job: JobDef & { fanOut: NonNullable<JobDef['fanOut']> },
  event: unknown,
  call: (module: string, event: unknown) => Promise<unknown> = (m, e) => invoke('jobs', m, e),
): Promise<FanOutResult> {
  const { worker, batchSize, concurrency } = job.fanOut;
  const result: FanOutResult = { items: 0, batches: 0, failedBatches: 0 };
  let input: unknown = event;
  for (;;) {
    const page = (await call(job.handler, input)) as Page;
    const batches: unknown[][] = [];
    for (let i = 0; i < page.items.length; i += batchSize) batches.push(page.items.slice(i, i + batchSize));
    result.items += page.items.length;
    result.batches += batches.length;
    let next = 0;
    const lane = async () => {
      while (next < batches.length) {
        const Items = batches[next++]!;
        for (let attempt = 0; ; attempt++) {
          try {
            await call(worker, { Items, BatchInput: { now: page.now } });
            break;
          } catch (e) {
            if (attempt < RETRIES) continue;
            result.failedBatches++;
            console.error(`JOB ${job.handler}: a batch of ${Items.length} failed for good:`, e);
            break;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, lane));
    if (!page.next) return result;
    input = page.next;
  }
}

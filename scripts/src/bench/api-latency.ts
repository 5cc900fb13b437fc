/**
 * Latency of one API call through the local gateway (real DynamoDB Local, real tokens), and how many
 * DynamoDB requests each call made. The handlers run in this process, so the counter on the shared
 * DynamoDB client sees exactly the requests of the calls measured.
 */
import { fmt, percentile } from './stats.ts';

export interface LatencyResult {
  label: string;
  n: number;
  p50: number;
  p99: number;
  ddbPerCall: number[];
}

export async function measureCall(
  label: string,
  call: () => Promise<Response>,
  counter: { count: number },
  n = 200,
  warmup = 20,
): Promise<LatencyResult> {
  for (let i = 0; i < warmup; i++) await (await call()).arrayBuffer();
  const times: number[] = [];
  const perCall = new Set<number>();
  for (let i = 0; i < n; i++) {
    const before = counter.count;
    const t = performance.now();
    const res = await call();
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (!res.ok) throw new Error(`${label} answered ${res.status}`);
    perCall.add(counter.count - before);
  }
  return {
    label,
    n,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    ddbPerCall: [...perCall].sort(),
  };
}

export function printLatency(results: LatencyResult[]): void {
  console.log('\nAPI latency through the local gateway (sequential calls after warm-up)');
  console.log(
    `${'call'.padEnd(44)} ${'n'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  DynamoDB requests/call`,
  );
  for (const r of results) {
    console.log(
      `${r.label.padEnd(44)} ${String(r.n).padStart(5)} ${fmt(r.p50).padStart(8)} ${fmt(r.p99).padStart(8)}  ${r.ddbPerCall.join(' or ')}`,
    );
  }
}

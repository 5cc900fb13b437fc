/**
 * What the Content-Security-Policy costs the web app's form checks (docs/decisions.md D33; with
 * zod/mini, as the web, since D42): without
 * 'unsafe-eval' Zod cannot compile its object parsers (index.html turns on jitless mode), so each
 * parse walks the schema instead. The same object schema, made once with compiling and once without,
 * parsing a form-sized body; medians of 41 rounds of 10,000 parses.
 */
import * as z from 'zod/mini';
import { fmt, median } from './stats.ts';

const makeSchema = () =>
  z.strictObject({
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    group: z.string().check(z.minLength(1)),
    description: z.optional(z.string().check(z.maxLength(5000))),
    priority: z.optional(z.enum(['low', 'normal', 'high'])),
  });

function perParse(schema: ReturnType<typeof makeSchema>): number {
  const body = { title: 'Write the report', group: 'g1', description: 'Before Friday', priority: 'high' };
  const rounds: number[] = [];
  for (let r = 0; r < 41; r++) {
    const t = performance.now();
    for (let i = 0; i < 10_000; i++) schema.safeParse(body);
    rounds.push(((performance.now() - t) / 10_000) * 1000);
  }
  return median(rounds);
}

export function benchZodJitless(): void {
  const previous = z.config().jitless;
  z.config({ jitless: false });
  const compiled = makeSchema();
  z.config({ jitless: true });
  const walked = makeSchema();
  z.config({ jitless: previous ?? false });
  const a = perParse(compiled);
  const b = perParse(walked);
  console.log('\nZod form parse (µs, median): compiled (eval)  jitless (CSP)  ratio');
  console.log(`  ${fmt(a, 2).padStart(24)}  ${fmt(b, 2).padStart(13)}  ${fmt(b / a, 2).padStart(5)}x`);
}

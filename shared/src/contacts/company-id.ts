/**
 * The company id field alone (spec 001 §5), so the task create input can name a company without
 * carrying the contacts schemas into every task handler's bundle.
 */
import * as z from 'zod/mini';

export const COMPANY_ID_MESSAGE = 'The company id must be a number.';

/**
 * A number, or a string of digits, as a positive whole number (spec 001 §5: "The company id must
 * be parsed as a number"); anything else is a 400 with a clear message.
 */
export const companyIdField = z.pipe(
  z.union([z.number(), z.string()]),
  z.transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\s*\d{1,16}\s*$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1) {
      ctx.issues.push({ code: 'custom', message: COMPANY_ID_MESSAGE, input: v });
      return z.NEVER;
    }
    return n;
  }),
);

import * as z from 'zod/mini';

/** A link id in a path: any short text (a wrong one is simply not found). */
export const linkIdParam = z.string().check(z.maxLength(64));

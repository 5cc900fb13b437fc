/**
 * The wire field of a rich description: Lexical JSON as a string (a string, so the API's case
 * conversion leaves Lexical's own keys alone). Parsing checks the size and shape, sanitises the
 * links and images, and gives back the safe JSON.
 */
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../api/limit-values.ts';
import {
  EDITOR_MESSAGES,
  MAX_EDITOR_DOC_BYTES,
  parseEditorDocument,
  plainTextOf,
  prepareDescriptionDoc,
} from './document.ts';

export const descriptionDocInput = z.pipe(
  z.string({ error: EDITOR_MESSAGES.invalid }).check(
    // A cheap bound before any parsing: a UTF-8 byte is at least one UTF-16 unit.
    z.maxLength(MAX_EDITOR_DOC_BYTES, EDITOR_MESSAGES.tooLarge),
  ),
  z.transform((json: string, ctx) => {
    const r = prepareDescriptionDoc(json);
    if (!r.ok) {
      ctx.issues.push({ code: 'custom', message: r.message, input: json });
      return z.NEVER;
    }
    return r.doc;
  }),
);

/** The plain text of a description has the API description's limit, whoever made it. */
export const DESCRIPTION_TEXT_LIMIT = TEXT_LIMITS.taskDescription;

type Details = { description?: string; descriptionDoc?: string | null };
type TransformContext = { issues: z.core.$ZodRawIssue[] };

/**
 * A description's details with the plain text made from the document when one is given (the client's
 * plain text is never kept beside a document). A text past the description's limit is refused.
 */
export function withDocumentText<T extends Details>(
  details: T,
  ctx: TransformContext,
  at: readonly (string | number)[] = ['description'],
): T {
  if (typeof details.descriptionDoc !== 'string') return details;
  const parsed = parseEditorDocument(details.descriptionDoc);
  // The document was checked by descriptionDocInput already; a failure here is a bug, not input.
  if (!parsed.ok) throw new Error(parsed.message);
  const text = plainTextOf(parsed.doc);
  if (text.length > DESCRIPTION_TEXT_LIMIT) {
    ctx.issues.push({
      code: 'custom',
      message: `A description has at most ${DESCRIPTION_TEXT_LIMIT.toLocaleString('en-US')} characters.`,
      input: details,
      path: [...at],
    });
  }
  return { ...details, description: text };
}

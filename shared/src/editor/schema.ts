/**
 * The wire field of a rich description: Lexical JSON as a string (a string, so the API's case
 * conversion leaves Lexical's own keys alone). Parsing checks the size and shape, sanitises the
 * links and images, and gives back the safe JSON.
 */
import * as z from 'zod/mini';
import {
  EDITOR_MESSAGES,
  MAX_EDITOR_DOC_BYTES,
  parseEditorDocument,
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

/**
 * A description's details with the plain text made from the document when one is given (the client's
 * plain text is never kept beside a document). The document was checked by descriptionDocInput.
 */
export function withDocumentText<T extends { description?: string; descriptionDoc?: string | null }>(
  details: T,
): T {
  if (typeof details.descriptionDoc !== 'string') return details;
  const r = parseEditorDocument(details.descriptionDoc);
  return { ...details, description: r.ok ? r.text : '' };
}

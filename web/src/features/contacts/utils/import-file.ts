import { importRowErrors } from './contact-body.ts';
import type { ImportResult } from './contact-io.ts';
import { parseContactsCsv } from './csv.ts';
import { parseVCards } from './vcard.ts';

/** Reads a file by its name or its first line: vCard or CSV. */
export function readImportFile(name: string, text: string): ImportResult {
  const isVCard = /\.(vcf|vcard)$/i.test(name) || /^\s*BEGIN:VCARD/i.test(text);
  const result = isVCard ? parseVCards(text) : parseContactsCsv(text);
  return {
    ...result,
    rows: result.rows.map((r) => ({ ...r, errors: importRowErrors(r.contact, r.errors) })),
  };
}

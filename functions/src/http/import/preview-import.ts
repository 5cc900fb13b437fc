import * as routes from '@tandem/shared/api/areas/import';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, importPreviewQuery } from '@tandem/shared/import/import';
import { previewFile } from '../../core/import/import.ts';
import { httpHandler } from '../../lib/http-handler.ts';
import { readSingleFile } from '../../lib/multipart.ts';

/**
 * POST /task/import/preview: the CSV file as a form's one file (multipart/form-data, at most 2 MB);
 * answers the rows it would create and each row's errors. Nothing is read or written.
 */
export const handler = httpHandler({
  route: routes.previewTaskImport,
  rawBody: true,
  query: importPreviewQuery,
  run: async ({ event, query }) => {
    const file = await readSingleFile(event, IMPORT_MAX_BYTES, IMPORT_MESSAGES.tooLarge, {
      notForm: 'Send the file as multipart/form-data.',
      noFile: IMPORT_MESSAGES.noFile,
    });
    return previewFile(file.data, query);
  },
});

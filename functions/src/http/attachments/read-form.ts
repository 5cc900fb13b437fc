/**
 * Reads the spec's attachment form (multipart: `task` — or `curriculum` — and one `document`), bounding the file while
 * streaming so an oversized upload is refused without being held whole (413).
 */
import { ATTACHMENT_MESSAGES, MAX_FORM_UPLOAD_BYTES } from '@tandem/shared';
import busboy from 'busboy';
import { HttpError, ValidationError } from '../../lib/errors.ts';
import type { HttpEvent } from '../../lib/http-handler.ts';

const UNREADABLE = 'The upload could not be read.';
export const FORM_TOO_LARGE =
  'Files over 4 MB are uploaded in two steps: ask for an upload link (POST /task/attachment/upload).';

export interface AttachmentForm {
  /** The id the owner field named. */
  owner: string;
  filename: string;
  data: Buffer;
}

const OWNER_MISSING = {
  task: 'Name the task the file is for.',
  curriculum: 'Name the curriculum the file is for.',
} as const;

export function readAttachmentForm(
  event: HttpEvent,
  contentType: string,
  ownerField: 'task' | 'curriculum',
): Promise<AttachmentForm> {
  const body = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: 5, fieldSize: 1024, fileSize: MAX_FORM_UPLOAD_BYTES },
    });
  } catch {
    return Promise.reject(new ValidationError({ document: UNREADABLE }));
  }
  return new Promise((resolve, reject) => {
    let owner = '';
    let file: { filename: string; data: Buffer } | null = null;
    let tooLarge = false;
    bb.on('field', (name, value) => {
      if (name === ownerField) owner = value;
    });
    bb.on('file', (_field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        file = { filename: info.filename ?? '', data: Buffer.concat(chunks) };
      });
    });
    bb.on('error', () => reject(new ValidationError({ document: UNREADABLE })));
    bb.on('close', () => {
      if (tooLarge) reject(new HttpError(413, 'file-too-large', FORM_TOO_LARGE));
      else if (!owner) reject(new ValidationError({ [ownerField]: OWNER_MISSING[ownerField] }));
      else if (!file || file.data.byteLength === 0)
        reject(new ValidationError({ document: ATTACHMENT_MESSAGES.empty }));
      else resolve({ owner, ...file });
    });
    bb.end(body);
  });
}

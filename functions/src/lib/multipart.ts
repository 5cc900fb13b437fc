/**
 * Reads the one file of a multipart/form-data request body (API Gateway hands it to Lambda as
 * base64). busboy does the parsing; this bounds the size while streaming, so an oversized upload is
 * refused without being held in memory whole.
 */
import busboy from 'busboy';
import { HttpError, ValidationError } from './errors.ts';
import type { HttpEvent } from './http-handler.ts';

const UNREADABLE = 'The upload could not be read.';

export interface UploadedFile {
  field: string;
  filename: string;
  declaredType: string;
  data: Buffer;
}

/** What the caller is told when the body is not a form, or holds no file (an image, by default). */
export interface FileTexts {
  notForm: string;
  noFile: string;
}
const IMAGE_TEXTS: FileTexts = {
  notForm: 'Send the image as multipart/form-data.',
  noFile: 'Choose an image to upload.',
};

export function readSingleFile(
  event: HttpEvent,
  maxBytes: number,
  tooLargeMessage: string,
  texts: FileTexts = IMAGE_TEXTS,
): Promise<UploadedFile> {
  const contentType = event.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(new ValidationError({ file: texts.notForm }));
  }
  const body = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  let bb: busboy.Busboy;
  try {
    bb = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fileSize: maxBytes } });
  } catch {
    // busboy throws at once on a content type it cannot read (no boundary): the caller's mistake.
    return Promise.reject(new ValidationError({ file: UNREADABLE }));
  }
  return new Promise((resolve, reject) => {
    let file: UploadedFile | null = null;
    let tooLarge = false;
    bb.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        file = {
          field,
          filename: info.filename ?? '',
          declaredType: info.mimeType,
          data: Buffer.concat(chunks),
        };
      });
    });
    bb.on('error', () => reject(new ValidationError({ file: UNREADABLE })));
    bb.on('close', () => {
      if (tooLarge) reject(new HttpError(413, 'file-too-large', tooLargeMessage));
      else if (!file || file.data.byteLength === 0) reject(new ValidationError({ file: texts.noFile }));
      else resolve(file);
    });
    bb.end(body);
  });
}

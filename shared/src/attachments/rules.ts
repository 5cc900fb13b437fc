/**
 * Attachments (spec 000 §3 Attachment, §5, §7 "Attachments", §8, §9): the limits, the type groups by
 * extension, the messages, the content check by first bytes, the name sanitiser and the wire schemas.
 * The server enforces every rule here; the web reads the same ones to refuse early.
 */
import * as z from 'zod/mini';

/** 20 MB a file (spec 000 §9). */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
/** 15 files a drop (spec 000 §5, §9): also the most one upload request may ask for. */
export const MAX_FILES_PER_DROP = 15;
/** The multipart route (POST task/attachment) is kept for small files: API Gateway's body limit. */
export const MAX_FORM_UPLOAD_BYTES = 4 * 1024 * 1024;
/** How long a presigned POST may be used, and a download link lasts. */
export const UPLOAD_URL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_SECONDS = 5 * 60;
/** An upload not confirmed within this long is forgotten (its item's TTL; the bucket's rule is a day). */
export const UPLOAD_TTL_SECONDS = 24 * 60 * 60;
export const MAX_FILENAME_LENGTH = 200;

export const BYTES_PER_MB = 1024 * 1024;

export const ATTACHMENT_MESSAGES = {
  loadFailed: 'Error loading attachments',
  orderFailed: 'Failed to update order',
  videoOrderUpdated: 'Video order updated',
  uploadFailed: 'Upload failed',
  deleted: 'File deleted successfully',
  deleteFailed: (message?: string) => `Error deleting file: ${message || 'Unknown error'}`,
  overStorage: 'File size exceeds the remaining storage limit.',
  tooLarge: 'The file is larger than 20 MB.',
  tooMany: 'You can drop at most 15 files at a time.',
  empty: 'The file is empty.',
  contentMismatch: 'The file is not what its name says it is.',
  executable: 'Programs cannot be attached.',
  notUploaded: 'The file was not uploaded.',
  sizeMismatch: 'The uploaded file is not the size that was declared.',
  typeMismatch: 'The uploaded file is not of the type that was declared.',
  linkAdded: 'Link added',
  linkAddFailed: 'Failed to add link',
  linkUpdated: 'Link updated',
  linkUpdateFailed: 'Failed to update link',
  linkDeleted: 'Link deleted',
  linkDeleteFailed: 'Failed to delete link',
  titleRequired: 'Title is required',
  urlRequired: 'URL is required',
  urlInvalid: 'Enter a valid URL',
  oneCurriculum: "Order one curriculum's attachments at a time.",
} as const;

export type FileGroup = 'image' | 'audio' | 'document' | 'video' | 'other';

/** Type groups by extension (spec 000 §5). */
export const FILE_GROUPS: Record<Exclude<FileGroup, 'other'>, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'tiff'],
  // The spec's six, and what browsers record (MediaRecorder: WebM/Opus, Ogg/Opus) (decisions D47).
  audio: ['m4a', 'mp4', 'mp3', 'wav', 'wma', 'aif', 'webm', 'weba', 'ogg', 'oga', 'opus'],
  document: [
    'doc',
    'docx',
    'xls',
    'xlsx',
    'ppt',
    'pptx',
    'pdf',
    'csv',
    'txt',
    'fig',
    'psd',
    'ai',
    'eps',
    'svg',
  ],
  video: ['avi', 'mov', 'wmv'],
};

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot <= 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

export function fileGroupOf(filename: string): FileGroup {
  const ext = extensionOf(filename);
  for (const [group, exts] of Object.entries(FILE_GROUPS)) if (exts.includes(ext)) return group as FileGroup;
  return 'other';
}

/**
 * The name kept as metadata only (objects are stored under generated keys): the last path part, no
 * control or bidi characters, no leading dots, at most 200 characters with its extension kept.
 */
export function sanitizeFilename(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  let name = last
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^[.\s]+/, '')
    .trim();
  if (name.length > MAX_FILENAME_LENGTH) {
    const ext = extensionOf(name);
    const keep = ext && ext.length < 16 ? `.${ext}` : '';
    name = name.slice(0, MAX_FILENAME_LENGTH - keep.length) + keep;
  }
  return name || 'file';
}

const startsWith = (b: Uint8Array, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** Formats recognised by their first bytes. */
export type SniffedFormat =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'bmp'
  | 'tiff'
  | 'webp'
  | 'pdf'
  | 'zip'
  | 'ole'
  | 'riff-wave'
  | 'riff-avi'
  | 'iso-media'
  | 'mp3'
  | 'asf'
  | 'aiff'
  | 'psd'
  | 'postscript'
  | 'ebml'
  | 'ogg'
  | 'executable';

/** The format by magic numbers (the first 16 bytes are enough), or null for anything else (text). */
export function sniffFormat(b: Uint8Array): SniffedFormat | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(b, 0, 4) === 'GIF8') return 'gif';
  if (ascii(b, 0, 2) === 'BM') return 'bmp';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(b, 0, 4) === 'RIFF') {
    const kind = ascii(b, 8, 12);
    if (kind === 'WEBP') return 'webp';
    if (kind === 'WAVE') return 'riff-wave';
    if (kind === 'AVI ') return 'riff-avi';
  }
  if (ascii(b, 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (ascii(b, 4, 8) === 'ftyp') return 'iso-media';
  if (ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  if (startsWith(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf';
  if (ascii(b, 0, 4) === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(b, 8, 12))) return 'aiff';
  if (ascii(b, 0, 4) === '8BPS') return 'psd';
  // Matroska/WebM (the EBML header) and Ogg: what MediaRecorder writes in Chromium and Firefox.
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return 'ebml';
  if (ascii(b, 0, 4) === 'OggS') return 'ogg';
  if (ascii(b, 0, 2) === '%!' || startsWith(b, [0xc5, 0xd0, 0xd3, 0xc6])) return 'postscript';
  // Windows PE (MZ), ELF, Mach-O (both byte orders, 32/64 bit, fat), Java class, scripts with #!.
  if (
    ascii(b, 0, 2) === 'MZ' ||
    startsWith(b, [0x7f, 0x45, 0x4c, 0x46]) ||
    startsWith(b, [0xfe, 0xed, 0xfa, 0xce]) ||
    startsWith(b, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(b, [0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith(b, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(b, [0xca, 0xfe, 0xba, 0xbe]) ||
    ascii(b, 0, 2) === '#!'
  )
    return 'executable';
  return null;
}

/** What each extension's first bytes may be; null allows text (no recognised binary format). */
const EXPECTED: Record<string, ReadonlyArray<SniffedFormat | null>> = {
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  png: ['png'],
  gif: ['gif'],
  bmp: ['bmp'],
  tiff: ['tiff'],
  webp: ['webp'],
  m4a: ['iso-media'],
  mp4: ['iso-media'],
  mov: ['iso-media'],
  mp3: ['mp3'],
  wav: ['riff-wave'],
  wma: ['asf'],
  wmv: ['asf'],
  aif: ['aiff'],
  webm: ['ebml'],
  weba: ['ebml'],
  ogg: ['ogg'],
  oga: ['ogg'],
  opus: ['ogg'],
  avi: ['riff-avi'],
  pdf: ['pdf'],
  doc: ['ole'],
  xls: ['ole'],
  ppt: ['ole'],
  docx: ['zip'],
  xlsx: ['zip'],
  pptx: ['zip'],
  fig: ['zip', null],
  psd: ['psd'],
  ai: ['pdf', 'postscript'],
  eps: ['postscript'],
  csv: [null],
  txt: [null],
  svg: [null],
};

/** Images the app shows itself (thumbnails); everything else downloads as an attachment. */
export const INLINE_IMAGE_TYPES: Partial<Record<SniffedFormat, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * The content check (issue 13): programs are refused whatever their name; a file whose extension
 * names a known format must start like it; other names may hold anything but a program. Answers the
 * refusal message, or null when the file may be kept.
 */
export function contentRefusal(filename: string, head: Uint8Array): string | null {
  const format = sniffFormat(head);
  if (format === 'executable') return ATTACHMENT_MESSAGES.executable;
  const expected = EXPECTED[extensionOf(filename)];
  if (expected && !expected.includes(format)) return ATTACHMENT_MESSAGES.contentMismatch;
  return null;
}

/** The MB a byte count shows as (the quota is in MB, spec 000 §9), to two decimals. */
export const bytesToMb = (bytes: number) => Math.round((bytes / BYTES_PER_MB) * 100) / 100;

/** Content types a client may declare: type/subtype, no parameters. */
const contentType = z
  .string()
  .check(
    z.maxLength(127),
    z.regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i, 'Not a valid content type.'),
  );

export const uploadFileSchema = z.object({
  filename: z.string().check(z.minLength(1), z.maxLength(1024)),
  size: z
    .int()
    .check(z.gte(1, ATTACHMENT_MESSAGES.empty), z.lte(MAX_ATTACHMENT_BYTES, ATTACHMENT_MESSAGES.tooLarge)),
  contentType: z._default(contentType, 'application/octet-stream'),
});

/** POST /task/attachment/upload: one drop of at most 15 files for one task. */
export const createUploadsInput = z.strictObject({
  task: z.string().check(z.minLength(1), z.maxLength(64)),
  files: z
    .array(uploadFileSchema)
    .check(z.minLength(1), z.maxLength(MAX_FILES_PER_DROP, ATTACHMENT_MESSAGES.tooMany)),
});
export type CreateUploadsInput = z.infer<typeof createUploadsInput>;

/** POST /curriculum/attachment/upload: the same drop, for one curriculum (decisions D72). */
export const createCurriculumUploadsInput = z.strictObject({
  curriculum: z.string().check(z.minLength(1), z.maxLength(64)),
  files: createUploadsInput.shape.files,
});

/** WHATWG URL, present in browsers and Node (this package is built without either's types). */
interface ParsedUrl {
  protocol: string;
  hostname: string;
  pathname: string;
  searchParams: { get(name: string): string | null };
}
const parseUrl = (s: string): ParsedUrl | null => {
  const Url = (globalThis as unknown as { URL: new (s: string) => ParsedUrl }).URL;
  try {
    return new Url(s);
  } catch {
    return null;
  }
};

const httpUrl = z.string({ error: ATTACHMENT_MESSAGES.urlRequired }).check(
  z.trim(),
  z.minLength(1, ATTACHMENT_MESSAGES.urlRequired),
  z.maxLength(2048),
  z.refine((s) => {
    const u = parseUrl(s);
    return !!u && (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname;
  }, ATTACHMENT_MESSAGES.urlInvalid),
);

const title = z
  .string({ error: ATTACHMENT_MESSAGES.titleRequired })
  .check(z.trim(), z.minLength(1, ATTACHMENT_MESSAGES.titleRequired), z.maxLength(200));

/** A URL attachment (a video link when fileType is 'video'). */
export const createLinkInput = z.strictObject({
  task: z.string().check(z.minLength(1), z.maxLength(64)),
  title,
  documentUrl: httpUrl,
  fileType: z._default(z.enum(['video', 'link']), 'video'),
});
export type CreateLinkInput = z.infer<typeof createLinkInput>;

/** POST /curriculum/attachment (JSON): a URL attachment of a curriculum (decisions D72). */
export const createCurriculumLinkInput = z.strictObject({
  curriculum: z.string().check(z.minLength(1), z.maxLength(64)),
  title,
  documentUrl: httpUrl,
  fileType: z._default(z.enum(['video', 'link']), 'video'),
});

export const updateAttachmentInput = z
  .strictObject({ title: z.optional(title), documentUrl: z.optional(httpUrl) })
  .check(z.refine((v) => v.title !== undefined || v.documentUrl !== undefined, 'Nothing to change.'));
export type UpdateAttachmentInput = z.infer<typeof updateAttachmentInput>;

export const orderAttachmentsInput = z.strictObject({
  attachments: z
    .array(
      z.strictObject({
        id: z.string().check(z.minLength(1), z.maxLength(64)),
        order: z.int().check(z.gte(0), z.lte(100_000)),
      }),
    )
    .check(
      z.minLength(1),
      z.maxLength(100),
      z.refine((a) => new Set(a.map((x) => x.id)).size === a.length, 'Each attachment may be listed once.'),
    ),
});

/** `q=audio`: an audio task's tracks — its files of the audio group (decisions D47). */
export const listAttachmentsQuery = z.object({ q: z._default(z.enum(['file', 'video', 'audio']), 'file') });

/** An attachment as the API answers it (spec 000 §3). */
export interface AttachmentView {
  id: string;
  /** The task it belongs to; null for a curriculum's attachment (then `curriculum` is set). */
  task: string | null;
  curriculum?: string;
  filename: string;
  title: string;
  /** A short-lived download link for files; null for links. */
  document: string | null;
  /** A link the app shows inline (images only); null otherwise. */
  thumbnail: string | null;
  /** A link an <audio> element plays (files of the audio group, served as their audio type); null otherwise. */
  player?: string | null;
  documentUrl: string | null;
  fileType: FileGroup | 'video' | 'link';
  size: number;
  order: number;
  user: string;
  createdAt: string;
}

/** One presigned POST of an upload request's answer. */
export interface UploadTicket {
  uploadId: string;
  filename: string;
  url: string;
  /** The form's fields, in order, before the file: name-value pairs, so their names reach S3 as signed. */
  fields: Array<[string, string]>;
  expiresAt: string;
}

/** Embeddable players for video links (YouTube and Vimeo); null for any other link. */
export function embedUrlOf(link: string): string | null {
  const u = parseUrl(link);
  if (!u) return null;
  const host = u.hostname.replace(/^www\.|^m\./, '');
  const id = (s: string | null | undefined) => (s && /^[A-Za-z0-9_-]{6,20}$/.test(s) ? s : null);
  if (host === 'youtube.com') {
    const v =
      u.pathname === '/watch'
        ? id(u.searchParams.get('v'))
        : id(u.pathname.match(/^\/(?:embed|shorts)\/([^/]+)/)?.[1]);
    return v ? `https://www.youtube-nocookie.com/embed/${v}` : null;
  }
  if (host === 'youtu.be') {
    const v = id(u.pathname.slice(1));
    return v ? `https://www.youtube-nocookie.com/embed/${v}` : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const v = u.pathname.match(/(\d{6,12})/)?.[1];
    return v ? `https://player.vimeo.com/video/${v}` : null;
  }
  return null;
}

/** Frame sources the CSP must allow for embedded players. */
export const VIDEO_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

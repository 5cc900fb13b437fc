import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_MESSAGES,
  contentRefusal,
  createLinkInput,
  createUploadsInput,
  embedUrlOf,
  fileGroupOf,
  MAX_ATTACHMENT_BYTES,
  orderAttachmentsInput,
  sanitizeFilename,
} from '../src/attachments/rules.ts';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const EXE = text('MZ\x90\x00\x03\x00\x00\x00');
const ELF = bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0);

describe('type groups by extension (spec 000 §5)', () => {
  it.each([
    ['photo.JPG', 'image'],
    ['scan.tiff', 'image'],
    ['memo.m4a', 'audio'],
    ['clip.mp4', 'audio'],
    ['notes.docx', 'document'],
    ['drawing.svg', 'document'],
    ['film.mov', 'video'],
    ['archive.zip', 'other'],
    ['README', 'other'],
  ])('%s is %s', (name, group) => expect(fileGroupOf(name)).toBe(group));
});

describe('content check by first bytes', () => {
  it('refuses a program whatever its name', () => {
    expect(contentRefusal('cat.png', EXE)).toBe(ATTACHMENT_MESSAGES.executable);
    expect(contentRefusal('tool', ELF)).toBe(ATTACHMENT_MESSAGES.executable);
    expect(contentRefusal('notes.txt', text('#!/bin/sh\nrm -rf /'))).toBe(ATTACHMENT_MESSAGES.executable);
  });
  it('refuses a known format that does not start like it', () => {
    expect(contentRefusal('cat.png', text('just some text'))).toBe(ATTACHMENT_MESSAGES.contentMismatch);
    expect(contentRefusal('report.pdf', PNG)).toBe(ATTACHMENT_MESSAGES.contentMismatch);
  });
  it('keeps a file that is what its name says, and text under a text name', () => {
    expect(contentRefusal('cat.png', PNG)).toBeNull();
    expect(contentRefusal('report.pdf', text('%PDF-1.7\n'))).toBeNull();
    expect(contentRefusal('notes.txt', text('hello'))).toBeNull();
    expect(contentRefusal('data.bin', bytes(1, 2, 3))).toBeNull();
  });
});

describe('file names are metadata only, sanitised', () => {
  it('drops path parts, control and direction characters, leading dots', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('C:\\Users\\me\\cv.pdf')).toBe('cv.pdf');
    expect(sanitizeFilename('a\u0000b\r\nc.txt')).toBe('abc.txt');
    expect(sanitizeFilename('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFilename('.htaccess')).toBe('htaccess');
    expect(sanitizeFilename('../')).toBe('file');
  });
  it('bounds the length and keeps the extension', () => {
    const long = sanitizeFilename(`${'x'.repeat(500)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('an upload request', () => {
  const file = { filename: 'a.txt', size: 10, contentType: 'text/plain' };
  it('takes up to 15 files a drop, and not 16', () => {
    expect(createUploadsInput.safeParse({ task: 't', files: Array(15).fill(file) }).success).toBe(true);
    const r = createUploadsInput.safeParse({ task: 't', files: Array(16).fill(file) });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(ATTACHMENT_MESSAGES.tooMany);
  });
  it('takes 20 MB a file, and not a byte more', () => {
    const at = (size: number) => createUploadsInput.safeParse({ task: 't', files: [{ ...file, size }] });
    expect(at(MAX_ATTACHMENT_BYTES).success).toBe(true);
    expect(at(MAX_ATTACHMENT_BYTES + 1).error?.issues[0]?.message).toBe(ATTACHMENT_MESSAGES.tooLarge);
    expect(at(0).success).toBe(false);
  });
  it('refuses a content type with parameters or spaces', () => {
    const r = createUploadsInput.safeParse({
      task: 't',
      files: [{ ...file, contentType: 'text/plain; x=1' }],
    });
    expect(r.success).toBe(false);
  });
});

describe('video links', () => {
  it('need a title and a valid http(s) URL', () => {
    const ok = createLinkInput.safeParse({
      task: 't',
      title: 'Intro',
      documentUrl: 'https://youtu.be/abcdefghijk',
    });
    expect(ok.success).toBe(true);
    const noTitle = createLinkInput.safeParse({ task: 't', title: ' ', documentUrl: 'https://x.org' });
    expect(noTitle.error?.issues[0]?.message).toBe(ATTACHMENT_MESSAGES.titleRequired);
    for (const bad of ['not a url', 'javascript:alert(1)', 'ftp://x.org/a'])
      expect(
        createLinkInput.safeParse({ task: 't', title: 'x', documentUrl: bad }).error?.issues[0]?.message,
      ).toBe(ATTACHMENT_MESSAGES.urlInvalid);
  });
  it('embed YouTube and Vimeo, nothing else', () => {
    expect(embedUrlOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(embedUrlOf('https://youtu.be/dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(embedUrlOf('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(embedUrlOf('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(embedUrlOf('https://www.youtube.com/watch?v=<script>')).toBeNull();
  });
});

describe('an order change', () => {
  it('lists each attachment once', () => {
    const twice = orderAttachmentsInput.safeParse({
      attachments: [
        { id: 'a', order: 0 },
        { id: 'a', order: 1 },
      ],
    });
    expect(twice.success).toBe(false);
    expect(orderAttachmentsInput.safeParse({ attachments: [{ id: 'a', order: 0 }] }).success).toBe(true);
  });
});

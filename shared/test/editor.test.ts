/**
 * The rich-text editor's rules (issue 15 item 4, spec 001 §5 "Editor", spec 000 §4): the document's
 * size limit and shape, link and image sanitising (a property test over addresses), the plain-text
 * copy, the check-list count, plain descriptions as documents, office bullets, and the task schemas'
 * description derived from the document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { officeBullet, officeBulletLines } from '../src/editor/bullets.ts';
import {
  checklistCount,
  documentFromPlainText,
  EDITOR_MESSAGES,
  type EditorDocument,
  type EditorNode,
  IMAGE_MAX_WIDTH,
  MAX_EDITOR_DOC_BYTES,
  parseEditorDocument,
  plainTextOf,
  prepareDescriptionDoc,
  sanitizeEditorDocument,
  utf8Bytes,
} from '../src/editor/document.ts';
import { BLANK_URL, normaliseLinkInput, sanitizeImageSrc, sanitizeUrl } from '../src/editor/links.ts';
import { checklistProgress } from '../src/tasks/rules.ts';
import { createTaskInput, updateTaskInput } from '../src/tasks/schemas.ts';

const WhatwgUrl = (globalThis as unknown as { URL: new (u: string) => { protocol: string } }).URL;
const encoder = new (
  globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }
).TextEncoder();

const text = (t: string): EditorNode => ({
  type: 'text',
  text: t,
  format: 0,
  detail: 0,
  mode: 'normal',
  style: '',
});
const para = (...children: EditorNode[]): EditorNode => ({ type: 'paragraph', children });
const item = (children: EditorNode[], checked?: boolean): EditorNode => ({
  type: 'listitem',
  children,
  ...(checked === undefined ? {} : { checked }),
});
const list = (listType: 'bullet' | 'number' | 'check', items: EditorNode[]): EditorNode => ({
  type: 'list',
  listType,
  start: 1,
  children: items,
});
const link = (url: string, label: string): EditorNode => ({ type: 'link', url, children: [text(label)] });
const docOf = (...children: EditorNode[]): EditorDocument => ({ root: { type: 'root', children } });

const sample = docOf(
  para(text('Plan for '), link('https://example.com/plan', 'the trip')),
  list('check', [
    item([text('Book flights')], true),
    item([text('Pack')], false),
    item([list('check', [item([text('Socks')], true)])]),
  ]),
  list('number', [item([text('First')]), item([text('Second')])]),
  para(text('Call '), { type: 'autolink', url: 'javascript:alert(1)', children: [text('me')] }),
);

describe('links', () => {
  it('keeps http, https, mailto, sms and tel', () => {
    for (const url of [
      'http://a.example',
      'https://a.example/x?y=1#z',
      'mailto:ann@example.com',
      'sms:+15551234',
      'tel:+15551234',
    ]) {
      expect(sanitizeUrl(url)).toBe(url);
    }
  });

  it('turns every other protocol into about:blank, however it is written', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'example.com',
      '',
    ]) {
      expect(sanitizeUrl(url), JSON.stringify(url)).toBe(BLANK_URL);
    }
    expect(sanitizeUrl(42)).toBe(BLANK_URL);
    expect(sanitizeUrl(['https://a.example'])).toBe(BLANK_URL);
  });

  it('property: what is kept opens with an allowed protocol in the browser’s parser', () => {
    const schemes = fc.constantFrom(
      'http',
      'https',
      'mailto',
      'sms',
      'tel',
      'javascript',
      'JAVASCRIPT',
      'data',
      'vbscript',
      'file',
      'ftp',
      'jav\tascript',
      ' javascript',
    );
    const address = fc.oneof(
      fc.string(),
      fc
        .tuple(schemes, fc.constantFrom(':', '://', ': ', ':\n'), fc.string())
        .map(([s, c, r]) => `${s}${c}${r}`),
      fc.webUrl(),
    );
    const allowed = new Set(['http:', 'https:', 'mailto:', 'sms:', 'tel:']);
    fc.assert(
      fc.property(address, (url) => {
        const out = sanitizeUrl(url);
        return out === BLANK_URL || (out === url && allowed.has(new WhatwgUrl(out).protocol));
      }),
      { numRuns: 500 },
    );
  }, 30_000);

  it('images load from http and https only', () => {
    expect(sanitizeImageSrc('https://a.example/i.png')).toBe('https://a.example/i.png');
    expect(sanitizeImageSrc('mailto:a@b.c')).toBe(BLANK_URL);
    expect(sanitizeImageSrc('data:image/png;base64,AAAA')).toBe(BLANK_URL);
  });

  it('a typed address gets its protocol: e-mails mailto:, bare addresses https://', () => {
    expect(normaliseLinkInput('  ')).toBe('');
    expect(normaliseLinkInput('ann@example.com')).toBe('mailto:ann@example.com');
    expect(normaliseLinkInput('example.com/x')).toBe('https://example.com/x');
    expect(normaliseLinkInput('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(sanitizeUrl(normaliseLinkInput('javascript:alert(1)'))).toBe(BLANK_URL);
  });
});

describe('the document', () => {
  it('is refused past the size limit, and when it is not an editor document', () => {
    const big = JSON.stringify(docOf(para(text('x'.repeat(MAX_EDITOR_DOC_BYTES)))));
    expect(parseEditorDocument(big)).toMatchObject({ ok: false, message: EDITOR_MESSAGES.tooLarge });
    // Bytes, not characters: 40,000 three-byte characters are 120 KB.
    const wide = JSON.stringify(docOf(para(text('€'.repeat(40_000)))));
    expect(wide.length).toBeLessThan(MAX_EDITOR_DOC_BYTES);
    expect(parseEditorDocument(wide)).toMatchObject({ ok: false, message: EDITOR_MESSAGES.tooLarge });
    for (const bad of [
      'not json',
      '[]',
      '{"root":{"type":"paragraph","children":[]}}',
      '{"root":{"type":"root"}}',
      '{"root":{"type":"root","children":[{"type":"script","children":[]}]}}',
      '{"root":{"type":"root","children":[{"type":"paragraph","children":{}}]}}',
      '{"root":{"type":"root","children":[{"type":"text","text":5}]}}',
      '{"root":{"type":"root","children":[{"type":"root","children":[]}]}}',
    ]) {
      expect(parseEditorDocument(bad), bad).toMatchObject({ ok: false, message: EDITOR_MESSAGES.invalid });
    }
    let deep: EditorNode = item([text('deep')]);
    for (let i = 0; i < 30; i++) deep = item([list('bullet', [deep])]);
    expect(parseEditorDocument(JSON.stringify(docOf(list('bullet', [deep]))))).toMatchObject({ ok: false });
    expect(parseEditorDocument(JSON.stringify(sample))).toMatchObject({ ok: true });
  });

  it('measures bytes as UTF-8 does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => utf8Bytes(s) === encoder.encode(s).byteLength),
    );
  });

  it('is sanitised: links, image sources and widths, inline styles', () => {
    const doc = docOf(
      para(
        { ...text('red'), style: 'background:url(https://tracker.example/x)' },
        link('javascript:alert(1)', 'x'),
      ),
      { type: 'image', src: 'javascript:alert(1)', width: 900, maxWidth: 2000, altText: 'a' },
      para({ type: 'inline-image', src: 'https://a.example/i.png', width: 300, position: 'center' }),
    );
    const safe = sanitizeEditorDocument(doc);
    const [p, img, p2] = safe.root.children;
    expect(p!.children![0]!.style).toBe('');
    expect(p!.children![1]!.url).toBe(BLANK_URL);
    expect(img).toMatchObject({ src: BLANK_URL, width: IMAGE_MAX_WIDTH, maxWidth: IMAGE_MAX_WIDTH });
    expect(p2!.children![0]).toMatchObject({ src: 'https://a.example/i.png', width: 300, position: 'left' });
    // The given document is not changed.
    expect(doc.root.children[0]!.children![1]!.url).toBe('javascript:alert(1)');
  });

  it('has a plain-text copy: a line a block, list marks, links as their text', () => {
    expect(plainTextOf(sample)).toBe(
      [
        'Plan for the trip',
        '[x] Book flights',
        '[ ] Pack',
        '  [x] Socks',
        '1. First',
        '2. Second',
        'Call me',
      ].join('\n'),
    );
    expect(plainTextOf(docOf(para(text('a'), { type: 'linebreak' }, text('b')), para(), para()))).toBe(
      'a\nb',
    );
  });

  it('counts its check-list items done over total, nested ones too (spec 000 §4)', () => {
    expect(checklistCount(sample)).toEqual({ done: 2, total: 3 });
    expect(checklistCount(docOf(list('bullet', [item([text('x')])])))).toEqual({ done: 0, total: 0 });
    // The plain copy counts the same.
    expect(checklistProgress(plainTextOf(sample))).toEqual(checklistCount(sample));
  });

  it('a plain description opens unchanged: a paragraph a line', () => {
    const plain = 'Line one\n\n  indented [x] not a check\nlast';
    const doc = documentFromPlainText(plain);
    expect(doc.root.children).toHaveLength(4);
    expect(doc.root.children.every((c) => c.type === 'paragraph')).toBe(true);
    expect(plainTextOf(doc)).toBe(plain);
    expect(parseEditorDocument(JSON.stringify(doc))).toMatchObject({ ok: true });
    fc.assert(
      fc.property(fc.array(fc.string().filter((s) => !/[\r\n]/.test(s))), (lines) => {
        while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
        expect(plainTextOf(documentFromPlainText(lines.join('\n')))).toBe(lines.join('\n'));
      }),
    );
  });

  it('prepareDescriptionDoc gives the safe JSON and its text', () => {
    const r = prepareDescriptionDoc(JSON.stringify(sample));
    if (!r.ok) throw new Error(r.message);
    expect(r.text).toContain('[x] Book flights');
    expect(r.doc).not.toContain('javascript:');
    expect(prepareDescriptionDoc('{')).toEqual({ ok: false, message: EDITOR_MESSAGES.invalid });
  });
});

describe('office bullets (middle dot, o, section sign → levels 0, 1, 2)', () => {
  it('reads the marks and levels', () => {
    expect(officeBullet('·\u00a0\u00a0Milk')).toEqual({ level: 0, text: 'Milk' });
    expect(officeBullet('o   Oat')).toEqual({ level: 1, text: 'Oat' });
    expect(officeBullet('§\tBarista')).toEqual({ level: 2, text: 'Barista' });
    expect(officeBullet('Milk')).toBeNull();
    expect(officeBullet('·')).toBeNull();
  });

  it('converts a pasted list, and leaves ordinary text alone', () => {
    expect(officeBulletLines('·  Milk\no  Oat\n§  Barista\n·  Bread\nThanks')).toEqual([
      { level: 0, text: 'Milk' },
      { level: 1, text: 'Oat' },
      { level: 2, text: 'Barista' },
      { level: 0, text: 'Bread' },
      { level: null, text: 'Thanks' },
    ]);
    expect(officeBulletLines('o clock is not a bullet\nplain')).toBeNull();
    expect(officeBulletLines('no bullets here')).toBeNull();
  });
});

describe('the task schemas', () => {
  const base = { title: 'Trip', group: 'g1' };

  it('derive the description from the document, not from the client', () => {
    const r = createTaskInput.safeParse({
      ...base,
      details: { description: 'ignored', descriptionDoc: JSON.stringify(sample), flag: 3 },
    });
    if (!r.success) throw r.error;
    expect(r.data.details.description).toBe(plainTextOf(sanitizeEditorDocument(sample)));
    expect(r.data.details.descriptionDoc).not.toContain('javascript:');
    const u = updateTaskInput.safeParse({ taskDetails: { descriptionDoc: JSON.stringify(sample) } });
    if (!u.success) throw u.error;
    expect(u.data.details?.description).toContain('[ ] Pack');
  });

  it('refuse a document past the limit, with the message, at the field', () => {
    const big = JSON.stringify(docOf(para(text('x'.repeat(MAX_EDITOR_DOC_BYTES)))));
    const r = updateTaskInput.safeParse({ details: { descriptionDoc: big } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ['details', 'descriptionDoc'],
      message: EDITOR_MESSAGES.tooLarge,
    });
  });

  it('refuse a document whose text is past the description limit, at the document', () => {
    const long = JSON.stringify(docOf(...Array.from({ length: 25 }, () => para(text('y'.repeat(1000))))));
    expect(long.length).toBeLessThan(MAX_EDITOR_DOC_BYTES);
    for (const r of [
      createTaskInput.safeParse({ ...base, details: { descriptionDoc: long } }),
      updateTaskInput.safeParse({ details: { descriptionDoc: long } }),
    ]) {
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]).toMatchObject({
        path: ['details', 'descriptionDoc'],
        message: EDITOR_MESSAGES.tooLarge,
      });
    }
  });

  it('keep a plain description as it is, and take null to clear the document', () => {
    const r = updateTaskInput.safeParse({ details: { description: 'plain', descriptionDoc: null } });
    if (!r.success) throw r.error;
    expect(r.data.details).toEqual({ description: 'plain', descriptionDoc: null });
  });
});

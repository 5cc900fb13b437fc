/**
 * The rich-text editor's stored document (issue 15 item 4; spec 001 §3 "Editor image node", §5
 * "Editor"; spec 000 §4 the check-list count). A document is Lexical's JSON (its serialized editor
 * state) kept as a string, beside a plain-text copy that search and the API's description read.
 *
 * Nothing here imports Lexical: the server validates, sanitises and reads documents with this small
 * walker, so its bundles stay small (D51). The web editor writes and reads the same JSON.
 */
import { sanitizeImageSrc, sanitizeUrl } from './links.ts';

/** Largest document, in UTF-8 bytes of its JSON. */
export const MAX_EDITOR_DOC_BYTES = 100_000;
/** Deepest nesting of nodes (lists in lists); Lexical's own indent limit is far above any real use. */
export const MAX_EDITOR_DEPTH = 24;
/** Most nodes in one document. */
export const MAX_EDITOR_NODES = 10_000;
/** Default and largest width of an image, in pixels (spec 001 §3, §9). */
export const IMAGE_MAX_WIDTH = 500;
export const IMAGE_POSITIONS = ['left', 'right', 'full'] as const;
export type ImagePosition = (typeof IMAGE_POSITIONS)[number];

export const EDITOR_MESSAGES = {
  tooLarge: `The description is too long: at most ${MAX_EDITOR_DOC_BYTES / 1000} KB of formatted text.`,
  invalid: 'The description could not be read. Copy its text and try again.',
} as const;

/** The node types the editor has; a document with any other is refused (the editor could not open it). */
export const EDITOR_NODE_TYPES = [
  'root',
  'paragraph',
  'text',
  'linebreak',
  'tab',
  'heading',
  'quote',
  'list',
  'listitem',
  'link',
  'autolink',
  'image',
  'inline-image',
] as const;
export type EditorNodeType = (typeof EDITOR_NODE_TYPES)[number];
const KNOWN = new Set<string>(EDITOR_NODE_TYPES);

export interface EditorNode {
  type: EditorNodeType;
  children?: EditorNode[];
  text?: string;
  [key: string]: unknown;
}
export interface EditorDocument {
  root: EditorNode & { type: 'root'; children: EditorNode[] };
}

export type ParsedDocument =
  | { ok: true; doc: EditorDocument }
  | { ok: false; reason: keyof typeof EDITOR_MESSAGES; message: string };

const refuse = (reason: keyof typeof EDITOR_MESSAGES): ParsedDocument => ({
  ok: false,
  reason,
  message: EDITOR_MESSAGES[reason],
});

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Length of a string in UTF-8 bytes (lone surrogates count as the three bytes of U+FFFD). */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * A stored or sent document, checked: at most MAX_EDITOR_DOC_BYTES, JSON, a root node, only the
 * editor's node types, bounded depth and node count. Nothing else is looked at here.
 */
export function parseEditorDocument(json: string): ParsedDocument {
  if (json.length > MAX_EDITOR_DOC_BYTES || utf8Bytes(json) > MAX_EDITOR_DOC_BYTES) return refuse('tooLarge');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return refuse('invalid');
  }
  if (!isObject(value) || !isObject(value.root) || value.root.type !== 'root') return refuse('invalid');
  let count = 0;
  const valid = (node: unknown, depth: number): boolean => {
    if (!isObject(node) || typeof node.type !== 'string' || !KNOWN.has(node.type)) return false;
    if (++count > MAX_EDITOR_NODES || depth > MAX_EDITOR_DEPTH) return false;
    if (node.type === 'root' && depth > 0) return false;
    if (node.text !== undefined && typeof node.text !== 'string') return false;
    if (node.children === undefined) return node.type !== 'root';
    return Array.isArray(node.children) && node.children.every((c) => valid(c, depth + 1));
  };
  return valid(value.root, 0) ? { ok: true, doc: value as unknown as EditorDocument } : refuse('invalid');
}

const clampWidth = (v: unknown, max: number): unknown =>
  typeof v === 'number' ? (Number.isFinite(v) && v > 0 ? Math.min(v, max) : 'inherit') : 'inherit';

/** One node made safe: links and image sources sanitised, images at most IMAGE_MAX_WIDTH, no inline CSS. */
function sanitizeNode(node: EditorNode): EditorNode {
  const out: EditorNode = { ...node };
  if ('style' in out) out.style = '';
  if ('textStyle' in out) out.textStyle = '';
  if (node.type === 'link' || node.type === 'autolink') {
    out.url = sanitizeUrl(node.url);
    // A link opened in a new tab cannot reach back to this page.
    if (node.target !== undefined && node.target !== null) out.target = '_blank';
    if (node.rel !== undefined && node.rel !== null) out.rel = 'noopener noreferrer';
  }
  if (node.type === 'image' || node.type === 'inline-image') {
    out.src = sanitizeImageSrc(node.src);
    const max =
      typeof node.maxWidth === 'number' && node.maxWidth > 0
        ? Math.min(node.maxWidth, IMAGE_MAX_WIDTH)
        : IMAGE_MAX_WIDTH;
    out.maxWidth = max;
    out.width = clampWidth(node.width, max);
    out.height = typeof node.height === 'number' && node.height > 0 ? node.height : 'inherit';
    out.altText = typeof node.altText === 'string' ? node.altText.slice(0, 500) : '';
    if (node.type === 'inline-image') {
      out.position = IMAGE_POSITIONS.includes(node.position as ImagePosition) ? node.position : 'left';
    }
  }
  if (node.children) out.children = node.children.map(sanitizeNode);
  return out;
}

/** The document made safe to store and render (a new object; the given one is not changed). */
export function sanitizeEditorDocument(doc: EditorDocument): EditorDocument {
  return { ...doc, root: sanitizeNode(doc.root) as EditorDocument['root'] };
}

const isWrapperItem = (item: EditorNode): boolean =>
  item.type === 'listitem' &&
  (item.children?.length ?? 0) > 0 &&
  (item.children ?? []).every((c) => c.type === 'list');

/** Inline text of a node: text, line breaks, tabs and the text inside links. */
function inlineText(node: EditorNode): string {
  switch (node.type) {
    case 'text':
      return node.text ?? '';
    case 'linebreak':
      return '\n';
    case 'tab':
      return '\t';
    case 'list':
    case 'image':
    case 'inline-image':
      return '';
    default:
      return (node.children ?? []).map(inlineText).join('');
  }
}

/**
 * The document's plain text: one line per paragraph, heading, quote and list item. List items carry
 * their marks ("- ", "1. ", "[x] ", "[ ] ") indented two spaces a level, so the plain copy reads as
 * the document did and its check lines count as before (tasks/rules.ts checklistProgress).
 */
export function plainTextOf(doc: EditorDocument): string {
  const lines: string[] = [];
  const walkList = (list: EditorNode, level: number) => {
    let n = typeof list.start === 'number' ? list.start : 1;
    for (const item of list.children ?? []) {
      if (item.type !== 'listitem') continue;
      const nested = (item.children ?? []).filter((c) => c.type === 'list');
      if (!isWrapperItem(item)) {
        const mark =
          list.listType === 'check'
            ? item.checked === true
              ? '[x] '
              : '[ ] '
            : list.listType === 'number'
              ? `${n++}. `
              : '- ';
        lines.push(`${'  '.repeat(level)}${mark}${inlineText(item)}`);
      }
      for (const l of nested) walkList(l, level + 1);
    }
  };
  const walkBlock = (node: EditorNode) => {
    if (node.type === 'list') walkList(node, 0);
    else if (node.type === 'image') return;
    else lines.push(inlineText(node));
  };
  for (const block of doc.root.children) walkBlock(block);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines.join('\n');
}

/** Check-list items in the document, done over total (spec 000 §4). */
export function checklistCount(doc: EditorDocument): { done: number; total: number } {
  let done = 0;
  let total = 0;
  const walk = (node: EditorNode, inCheckList: boolean) => {
    if (node.type === 'listitem' && inCheckList && !isWrapperItem(node)) {
      total++;
      if (node.checked === true) done++;
    }
    for (const c of node.children ?? [])
      walk(c, node.type === 'list' ? node.listType === 'check' : inCheckList);
  };
  walk(doc.root, false);
  return { done, total };
}

const textNode = (text: string): EditorNode => ({
  type: 'text',
  text,
  detail: 0,
  format: 0,
  mode: 'normal',
  style: '',
  version: 1,
});

/** A plain description as a document: one paragraph per line, the text unchanged. */
export function documentFromPlainText(text: string): EditorDocument {
  const paragraphs = text.split(/\r?\n/).map(
    (line): EditorNode => ({
      type: 'paragraph',
      children: line ? [textNode(line)] : [],
      direction: null,
      format: '',
      indent: 0,
      textFormat: 0,
      textStyle: '',
      version: 1,
    }),
  );
  return {
    root: { type: 'root', children: paragraphs, direction: null, format: '', indent: 0, version: 1 },
  };
}

/**
 * A description as sent or stored: the safe document (as JSON) and its plain text, or the reason it
 * is refused. The server keeps the plain text it derives here, never a client's.
 */
export function prepareDescriptionDoc(
  json: string,
): { ok: true; doc: string; text: string } | { ok: false; message: string } {
  const parsed = parseEditorDocument(json);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const safe = sanitizeEditorDocument(parsed.doc);
  const doc = JSON.stringify(safe);
  // Sanitising can lengthen a document (about:blank for a short address): it is measured again.
  if (utf8Bytes(doc) > MAX_EDITOR_DOC_BYTES) return { ok: false, message: EDITOR_MESSAGES.tooLarge };
  return { ok: true, doc, text: plainTextOf(safe) };
}

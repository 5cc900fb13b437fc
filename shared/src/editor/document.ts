/**
 * The rich-text editor's stored document (issue 15 item 4; spec 001 §3 "Editor image node", §5
 * "Editor"; spec 000 §4 the check-list count). A document is Lexical's JSON (its serialized editor
 * state) kept as a string, beside a plain-text copy that search and the API's description read.
 *
 * Nothing here imports Lexical: the server validates, sanitises and reads documents with this small
 * walker, so its bundles stay small (D51). The web editor writes and reads the same JSON.
 */
import { enCount, TEXT_LIMITS } from '../api/limit-values.ts';
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
  tooLarge: `The description is too long: at most ${enCount(TEXT_LIMITS.taskDescription)} characters, ${MAX_EDITOR_DOC_BYTES / 1000} KB with its formatting.`,
  invalid: 'The description could not be read. Copy its text and try again.',
} as const;

/** The node types the editor has; a document with any other is refused (the editor could not open it). */
export type EditorNodeType =
  | 'root'
  | 'paragraph'
  | 'text'
  | 'linebreak'
  | 'tab'
  | 'heading'
  | 'quote'
  | 'list'
  | 'listitem'
  | 'link'
  | 'autolink'
  | 'image'
  | 'inline-image';
const NODE_TYPE =
  /^(root|paragraph|text|linebreak|tab|heading|quote|list|listitem|link|autolink|image|inline-image)$/;
/** Nodes that are a line of the plain text. */
const BLOCK = /^(paragraph|heading|quote|listitem)$/;

export interface EditorNode {
  type: EditorNodeType;
  children?: EditorNode[];
  text?: string;
  [key: string]: unknown;
}
export interface EditorDocument {
  root: EditorNode & { type: 'root'; children: EditorNode[] };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const encoder = new (
  globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }
).TextEncoder();
/** Length of a string in UTF-8 bytes. */
export const utf8Bytes = (s: string): number => encoder.encode(s).length;

const positive = (v: unknown): v is number => typeof v === 'number' && v > 0 && v < Infinity;

/**
 * One walk over a document: it is checked (only the editor's node types, bounded depth and node
 * count), copied safe (links and image sources sanitised, images at most IMAGE_MAX_WIDTH wide, no
 * inline CSS), and its plain text made: one line per paragraph, heading, quote and list item, list
 * items with their marks ("- ", "1. ", "[x] ", "[ ] ") indented two spaces a level, so the plain copy
 * reads as the document did and its check lines count as before (tasks/rules.ts checklistProgress).
 * Throws when it is not an editor document.
 */
function walk(value: unknown): { doc: EditorDocument; text: string } {
  const lines: string[] = [];
  let count = 0;
  const copy = (
    n: unknown,
    depth: number,
    parts: string[] | null,
    level: number,
    mark: string,
  ): EditorNode => {
    if (
      !isObject(n) ||
      !NODE_TYPE.test(n.type as string) ||
      ++count > MAX_EDITOR_NODES ||
      depth > MAX_EDITOR_DEPTH ||
      (n.type === 'root') !== (depth === 0) ||
      (n.text !== undefined && typeof n.text !== 'string') ||
      !(n.type === 'root' ? Array.isArray(n.children) : n.children === undefined || Array.isArray(n.children))
    ) {
      throw lines;
    }
    const node = { ...n } as EditorNode;
    const type = node.type;
    if ('style' in node) node.style = '';
    if ('textStyle' in node) node.textStyle = '';
    if (type === 'link' || type === 'autolink') {
      node.url = sanitizeUrl(n.url);
      // A link opened in a new tab cannot reach back to this page.
      node.rel = 'noopener noreferrer';
    } else if (type === 'image' || type === 'inline-image') {
      const max = Math.min(positive(n.maxWidth) ? n.maxWidth : IMAGE_MAX_WIDTH, IMAGE_MAX_WIDTH);
      node.src = sanitizeImageSrc(n.src);
      node.maxWidth = max;
      node.width = positive(n.width) ? Math.min(n.width, max) : 'inherit';
      if (type === 'inline-image')
        node.position = /^(left|right|full)$/.test(n.position as string) ? n.position : 'left';
    } else if (type === 'text') parts?.push(node.text ?? '');
    else if (type === 'linebreak') parts?.push('\n');
    else if (type === 'tab') parts?.push('\t');
    const kids = node.children;
    if (kids) {
      const wrapper =
        type === 'listitem' && kids.length > 0 && kids.every((c) => isObject(c) && c.type === 'list');
      if (BLOCK.test(type) && !wrapper) {
        // A line of its own, kept in place before any list nested in it.
        const own: string[] = [];
        const at = lines.push('') - 1;
        node.children = kids.map((c) => copy(c, depth + 1, own, level, ''));
        lines[at] = `${'  '.repeat(Math.max(level, 0))}${mark}${own.join('')}`;
      } else if (type === 'list') {
        let k = positive(n.start) ? n.start : 1;
        node.children = kids.map((c) => {
          const m =
            n.listType === 'check'
              ? isObject(c) && c.checked === true
                ? '[x] '
                : '[ ] '
              : n.listType === 'number'
                ? `${k}. `
                : '- ';
          const item = copy(c, depth + 1, null, level + 1, m);
          if (!(item.children ?? []).every((x) => x.type === 'list') || !item.children?.length) k++;
          return item;
        });
      } else
        node.children = kids.map((c) =>
          copy(c, depth + 1, type === 'root' || wrapper ? null : parts, level, mark),
        );
    }
    return node;
  };
  const root = copy(isObject(value) ? value.root : null, 0, null, -1, '');
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return { doc: { ...(value as object), root } as EditorDocument, text: lines.join('\n') };
}

/**
 * A stored or sent document, checked: at most MAX_EDITOR_DOC_BYTES of JSON, an editor document, and
 * a plain text within the description's limit (TEXT_LIMITS.taskDescription).
 */
export function parseEditorDocument(
  json: string,
): { ok: true; doc: EditorDocument; text: string } | { ok: false; message: string } {
  if (json.length > MAX_EDITOR_DOC_BYTES || utf8Bytes(json) > MAX_EDITOR_DOC_BYTES) {
    return { ok: false, message: EDITOR_MESSAGES.tooLarge };
  }
  let r: ReturnType<typeof walk>;
  try {
    r = walk(JSON.parse(json));
  } catch {
    return { ok: false, message: EDITOR_MESSAGES.invalid };
  }
  // Its plain text is the task's description, which has its own limit.
  return r.text.length > TEXT_LIMITS.taskDescription
    ? { ok: false, message: EDITOR_MESSAGES.tooLarge }
    : { ok: true, ...r };
}

/** The document made safe to store and render (a new object; the given one is not changed). */
export const sanitizeEditorDocument = (doc: EditorDocument): EditorDocument => walk(doc).doc;

/** The document's plain text (see walk). */
export const plainTextOf = (doc: EditorDocument): string => walk(doc).text;

const isWrapperItem = (item: EditorNode): boolean =>
  (item.children?.length ?? 0) > 0 && (item.children ?? []).every((c) => c.type === 'list');

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
  const r = parseEditorDocument(json);
  if (!r.ok) return r;
  const doc = JSON.stringify(r.doc);
  // Sanitising can lengthen a document (about:blank for a short address): it is measured again.
  return utf8Bytes(doc) > MAX_EDITOR_DOC_BYTES
    ? { ok: false, message: EDITOR_MESSAGES.tooLarge }
    : { ok: true, doc, text: r.text };
}

/**
 * The editor's image nodes (spec 001 §3 "Editor image node"): src, altText, width, height, maxWidth
 * (default and at most 500), showCaption, caption; an inline image also has a position (Left, Right,
 * Full Width). The source is sanitised on the way in and again when drawn: only http and https load.
 */
import { IMAGE_MAX_WIDTH, type ImagePosition } from '@tandem/shared/editor/document';
import { sanitizeImageSrc } from '@tandem/shared/editor/links';
import {
  $applyNodeReplacement,
  DecoratorNode,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { JSX } from 'react';

export interface ImagePayload {
  src: string;
  altText?: string;
  width?: number | 'inherit';
  height?: number | 'inherit';
  maxWidth?: number;
  showCaption?: boolean;
  caption?: string;
}

export type SerializedImageNode = Spread<
  {
    src: string;
    altText: string;
    width: number | 'inherit';
    height: number | 'inherit';
    maxWidth: number;
    showCaption: boolean;
    caption: string;
  },
  SerializedLexicalNode
>;
export type SerializedInlineImageNode = Spread<{ position: ImagePosition }, SerializedImageNode>;

const size = (v: unknown): number | 'inherit' => (typeof v === 'number' && v > 0 ? v : 'inherit');

function ImageView({
  src,
  altText,
  width,
  height,
  maxWidth,
  caption,
  showCaption,
}: Omit<SerializedImageNode, 'type' | 'version'>) {
  return (
    <span className="tandem-editor-image">
      <img
        src={sanitizeImageSrc(src)}
        alt={altText}
        loading="lazy"
        referrerPolicy="no-referrer"
        style={{
          maxWidth: Math.min(maxWidth, IMAGE_MAX_WIDTH),
          width: width === 'inherit' ? undefined : width,
          height: height === 'inherit' ? undefined : height,
        }}
      />
      {showCaption && caption ? <span className="tandem-editor-caption">{caption}</span> : null}
    </span>
  );
}

/** A block image (Insert Image). */
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __altText: string;
  __width: number | 'inherit';
  __height: number | 'inherit';
  __maxWidth: number;
  __showCaption: boolean;
  __caption: string;

  static override getType(): string {
    return 'image';
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.payload(), node.__key);
  }

  static override importJSON(json: SerializedImageNode): ImageNode {
    return $createImageNode(json);
  }

  constructor(p: ImagePayload, key?: NodeKey) {
    super(key);
    this.__src = sanitizeImageSrc(p.src);
    this.__altText = p.altText ?? '';
    this.__maxWidth = Math.min(
      typeof p.maxWidth === 'number' && p.maxWidth > 0 ? p.maxWidth : IMAGE_MAX_WIDTH,
      IMAGE_MAX_WIDTH,
    );
    const w = size(p.width);
    this.__width = w === 'inherit' ? w : Math.min(w, this.__maxWidth);
    this.__height = size(p.height);
    this.__showCaption = Boolean(p.showCaption);
    this.__caption = p.caption ?? '';
  }

  payload(): Required<ImagePayload> {
    return {
      src: this.__src,
      altText: this.__altText,
      width: this.__width,
      height: this.__height,
      maxWidth: this.__maxWidth,
      showCaption: this.__showCaption,
      caption: this.__caption,
    };
  }

  override exportJSON(): SerializedImageNode {
    return { type: ImageNode.getType(), version: 1, ...this.payload() };
  }

  override createDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'tandem-editor-image-block';
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): boolean {
    return false;
  }

  override getTextContent(): string {
    return '';
  }

  override decorate(): JSX.Element {
    return <ImageView {...this.payload()} />;
  }
}

/** An image inside the text (Insert Inline Image), floated left or right, or the full width. */
export class InlineImageNode extends ImageNode {
  __position: ImagePosition;

  static override getType(): string {
    return 'inline-image';
  }

  static override clone(node: InlineImageNode): InlineImageNode {
    return new InlineImageNode(node.payload(), node.__position, node.__key);
  }

  static override importJSON(json: SerializedInlineImageNode): InlineImageNode {
    return $createInlineImageNode(json, json.position);
  }

  constructor(p: ImagePayload, position: ImagePosition = 'left', key?: NodeKey) {
    super(p, key);
    this.__position = ['left', 'right', 'full'].includes(position) ? position : 'left';
  }

  override exportJSON(): SerializedInlineImageNode {
    return { ...super.exportJSON(), type: InlineImageNode.getType(), position: this.__position };
  }

  override createDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = `tandem-editor-inline-image tandem-editor-position-${this.__position}`;
    return span;
  }

  override isInline(): boolean {
    return true;
  }
}

export function $createImageNode(p: ImagePayload): ImageNode {
  return $applyNodeReplacement(new ImageNode(p));
}

export function $createInlineImageNode(p: ImagePayload, position: ImagePosition): InlineImageNode {
  return $applyNodeReplacement(new InlineImageNode(p, position));
}

export const $isImageNode = (node: LexicalNode | null | undefined): node is ImageNode =>
  node instanceof ImageNode;

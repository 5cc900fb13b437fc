/**
 * The rich-text editor (issue 15 item 4; spec 001 §2, §3, §5): Lexical with bold, italic, lists,
 * check lists, links (web addresses and e-mails linked as they are typed), images, pasted office
 * bullets and the placeholder 'Start typing...'. It stores Lexical JSON and gives its plain text
 * with it (shared/src/editor: the same walker the server uses). A description saved before the
 * editor existed opens unchanged, a paragraph a line. Read-only where the person cannot edit.
 *
 * Loaded lazily (lazy-rich-text-editor.tsx): Lexical is in no route's first JavaScript.
 */
import { AutoLinkNode, autoLinkEmailMatcher, autoLinkUrlMatcher, LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { AutoLinkPlugin } from '@lexical/react/LexicalAutoLinkPlugin';
import { CheckListPlugin } from '@lexical/react/LexicalCheckListPlugin';
import { ClickableLinkPlugin } from '@lexical/react/LexicalClickableLinkPlugin';
import { type InitialConfigType, LexicalComposer } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { Input, Paper } from '@mantine/core';
import {
  documentFromPlainText,
  parseEditorDocument,
  prepareDescriptionDoc,
} from '@tandem/shared/editor/document';
import { BLANK_URL, sanitizeUrl } from '@tandem/shared/editor/links';
import type { EditorState } from 'lexical';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageNode, InlineImageNode } from '../nodes/image-node.tsx';
import { CheckListRolesPlugin } from '../plugins/check-list-roles-plugin.tsx';
import { ImagesPlugin } from '../plugins/images-plugin.tsx';
import { OfficeBulletsPlugin } from '../plugins/office-bullets-plugin.tsx';
import { Toolbar } from './toolbar.tsx';
import './rich-text-editor.css';
import '../../../i18n/with-later-texts.ts';

export interface RichTextEditorProps {
  /** The stored document (Lexical JSON), or null when the text is plain. */
  doc: string | null;
  /** The plain text: what opens (a paragraph a line) when there is no document. */
  text: string;
  /** Each change: the document and its plain text. */
  onChange?: (doc: string, text: string) => void;
  readOnly?: boolean;
  label: ReactNode;
  error?: ReactNode;
  /** Shown under the field (the check list's count, say). */
  footer?: ReactNode;
}

const THEME: InitialConfigType['theme'] = {
  paragraph: 'te-paragraph',
  link: 'te-link',
  text: { bold: 'te-bold', italic: 'te-italic', underline: 'te-underline', strikethrough: 'te-strike' },
  list: {
    ul: 'te-ul',
    ol: 'te-ol',
    listitem: 'te-listitem',
    listitemChecked: 'te-checked',
    listitemUnchecked: 'te-unchecked',
    nested: { listitem: 'te-nested' },
    checklist: 'te-checklist',
  },
};

const NODES = [
  HeadingNode,
  QuoteNode,
  ListNode,
  ListItemNode,
  LinkNode,
  AutoLinkNode,
  ImageNode,
  InlineImageNode,
];
const LINK_ATTRIBUTES = { rel: 'noopener noreferrer', target: '_blank' };
const MATCHERS = [
  (text: string) => {
    const m = autoLinkUrlMatcher(text);
    return m && { ...m, attributes: LINK_ATTRIBUTES };
  },
  (text: string) => {
    const m = autoLinkEmailMatcher(text);
    return m && { ...m, attributes: LINK_ATTRIBUTES };
  },
];
/** A link is applied with a safe address, or about:blank in place of an unsafe one (spec 001 §5). */
const validateUrl = (url: string) => url === BLANK_URL || sanitizeUrl(url) !== BLANK_URL;

/** The JSON the editor opens: the stored document made safe, or the plain text a paragraph a line. */
export function initialDocument(doc: string | null, text: string): string {
  if (doc) {
    const r = parseEditorDocument(doc);
    if (r.ok) return JSON.stringify(r.doc);
  }
  return JSON.stringify(documentFromPlainText(text));
}

export default function RichTextEditor({
  doc,
  text,
  onChange,
  readOnly,
  label,
  error,
  footer,
}: RichTextEditorProps) {
  const { t } = useTranslation('tasks');
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  // Read once: the editor owns its state from then on (Lexical reads the initial state on mount).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first document only
  const initialConfig = useMemo<InitialConfigType>(
    () => ({
      namespace: 'tandem-description',
      nodes: NODES,
      theme: THEME,
      editable: !readOnly,
      editorState: initialDocument(doc, text),
      onError: (e) => {
        throw e;
      },
    }),
    [],
  );

  const changed = (state: EditorState) => {
    const r = prepareDescriptionDoc(JSON.stringify(state.toJSON()));
    // A document past the limit is still given, so the form can say so; its text is cut off the same way.
    if (r.ok) onChange?.(r.doc, r.text);
    else onChange?.(JSON.stringify(state.toJSON()), r.message);
  };

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <Paper
        withBorder
        radius="sm"
        className="tandem-editor"
        data-readonly={readOnly || undefined}
        data-error={error ? true : undefined}
      >
        <LexicalComposer initialConfig={initialConfig}>
          {!readOnly && <Toolbar />}
          <div className="tandem-editor-body">
            <RichTextPlugin
              contentEditable={
                <ContentEditable
                  className="tandem-editor-input"
                  aria-labelledby={labelId}
                  aria-describedby={error ? errorId : undefined}
                  aria-invalid={error ? true : undefined}
                  aria-readonly={readOnly || undefined}
                  aria-placeholder={t('editor.placeholder')}
                  placeholder={<div className="tandem-editor-placeholder">{t('editor.placeholder')}</div>}
                  data-rich-text-editor
                />
              }
              ErrorBoundary={LexicalErrorBoundary}
            />
          </div>
          <HistoryPlugin />
          <ListPlugin />
          <CheckListPlugin />
          <CheckListRolesPlugin />
          <LinkPlugin validateUrl={validateUrl} attributes={LINK_ATTRIBUTES} />
          <AutoLinkPlugin matchers={MATCHERS} />
          <ClickableLinkPlugin newTab />
          <ImagesPlugin />
          <OfficeBulletsPlugin />
          {onChange && !readOnly && <OnChangePlugin ignoreSelectionChange onChange={changed} />}
        </LexicalComposer>
      </Paper>
      {footer}
    </Input.Wrapper>
  );
}

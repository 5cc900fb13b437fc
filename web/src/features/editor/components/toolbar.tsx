/**
 * The editor's small toolbar: bold, italic, bulleted, numbered and check lists, a link, the two image
 * dialogs, and removing the check list's completed items (spec 001 §5).
 */
import { $isLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import {
  $isListItemNode,
  $isListNode,
  INSERT_CHECK_LIST_COMMAND,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  type ListItemNode,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $dfs, $findMatchingParent } from '@lexical/utils';
import { ActionIcon, Group, Popover, TextInput, Tooltip } from '@mantine/core';
import {
  IconBold,
  IconClearAll,
  IconItalic,
  IconLink,
  IconLinkOff,
  IconList,
  IconListCheck,
  IconListNumbers,
  IconPhoto,
  IconPhotoPlus,
} from '@tabler/icons-react';
import { normaliseLinkInput, sanitizeUrl } from '@tandem/shared/editor/links';
import { $getSelection, $isRangeSelection, FORMAT_TEXT_COMMAND, type LexicalNode } from 'lexical';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INSERT_IMAGE_COMMAND, INSERT_INLINE_IMAGE_COMMAND } from '../plugins/images-plugin.tsx';
import { ImageDialog, type ImageDialogKind } from './image-dialogs.tsx';
import '../../../i18n/with-later-texts.ts';

type ListKind = 'bullet' | 'number' | 'check' | null;
interface ToolbarState {
  bold: boolean;
  italic: boolean;
  list: ListKind;
  link: boolean;
  completed: number;
}
const EMPTY: ToolbarState = { bold: false, italic: false, list: null, link: false, completed: 0 };

/** The check-list items that are ticked, in document order. */
function $completedItems(): ListItemNode[] {
  return $dfs()
    .map(({ node }) => node)
    .filter((n): n is ListItemNode => $isListItemNode(n) && n.getChecked() === true);
}

/** Removes the ticked items, and any list they leave empty. */
export function $removeCompletedItems(): void {
  for (const item of $completedItems()) {
    const list = item.getParent();
    item.remove();
    let parent: LexicalNode | null = list;
    // An emptied nested list goes with the item that held it.
    while ($isListNode(parent) && parent.getChildrenSize() === 0) {
      const holder: LexicalNode | null = parent.getParent();
      parent.remove();
      parent =
        $isListItemNode(holder) && holder.getChildrenSize() === 0 ? (holder.getParent() ?? null) : null;
      if (parent && holder) holder.remove();
    }
  }
}

function Tool({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        onMouseDown={(e) => e.preventDefault()} // keep the text selected
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export function Toolbar() {
  const { t } = useTranslation('tasks');
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>(EMPTY);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkValue, setLinkValue] = useState('');
  const [dialog, setDialog] = useState<ImageDialogKind | null>(null);

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) =>
        editorState.read(() => {
          const completed = $completedItems().length;
          const sel = $getSelection();
          if (!$isRangeSelection(sel)) {
            setState({ ...EMPTY, completed });
            return;
          }
          const anchor = sel.anchor.getNode();
          const list = $findMatchingParent(anchor, $isListNode);
          setState({
            bold: sel.hasFormat('bold'),
            italic: sel.hasFormat('italic'),
            list: $isListNode(list) ? list.getListType() : null,
            link: $findMatchingParent(anchor, $isLinkNode) !== null,
            completed,
          });
        }),
      ),
    [editor],
  );

  const toggleList = (kind: Exclude<ListKind, null>) => {
    if (state.list === kind) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else if (kind === 'bullet') editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined);
    else if (kind === 'number') editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined);
    else editor.dispatchCommand(INSERT_CHECK_LIST_COMMAND, undefined);
  };

  /** The link editor applies only a non-empty address, on Enter; Escape cancels (spec 001 §5). */
  const applyLink = () => {
    const url = normaliseLinkInput(linkValue);
    if (!url) return;
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, {
      url: sanitizeUrl(url),
      rel: 'noopener noreferrer',
      target: '_blank',
    });
    setLinkOpen(false);
    setLinkValue('');
    editor.focus();
  };

  return (
    <Group
      gap={2}
      px={4}
      py={2}
      className="tandem-editor-toolbar"
      role="toolbar"
      aria-label={t('editor.toolbar')}
    >
      <Tool
        label={t('editor.bold')}
        active={state.bold}
        onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')}
      >
        <IconBold size={16} />
      </Tool>
      <Tool
        label={t('editor.italic')}
        active={state.italic}
        onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic')}
      >
        <IconItalic size={16} />
      </Tool>
      <Tool
        label={t('editor.bulletList')}
        active={state.list === 'bullet'}
        onClick={() => toggleList('bullet')}
      >
        <IconList size={16} />
      </Tool>
      <Tool
        label={t('editor.numberList')}
        active={state.list === 'number'}
        onClick={() => toggleList('number')}
      >
        <IconListNumbers size={16} />
      </Tool>
      <Tool label={t('editor.checkList')} active={state.list === 'check'} onClick={() => toggleList('check')}>
        <IconListCheck size={16} />
      </Tool>
      {state.link ? (
        <Tool
          label={t('editor.removeLink')}
          onClick={() => editor.dispatchCommand(TOGGLE_LINK_COMMAND, null)}
        >
          <IconLinkOff size={16} />
        </Tool>
      ) : (
        <Popover opened={linkOpen} onChange={setLinkOpen} trapFocus position="bottom-start" withArrow>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('editor.link')}
              title={t('editor.link')}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => setLinkOpen((o) => !o)}
            >
              <IconLink size={16} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <TextInput
              size="xs"
              label={t('editor.linkAddress')}
              description={t('editor.linkHelp')}
              placeholder="https://"
              value={linkValue}
              onChange={(e) => setLinkValue(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  applyLink();
                } else if (e.key === 'Escape') {
                  e.preventDefault();
                  setLinkOpen(false);
                  setLinkValue('');
                  editor.focus();
                }
              }}
            />
          </Popover.Dropdown>
        </Popover>
      )}
      <Tool label={t('editor.insertImage')} onClick={() => setDialog('image')}>
        <IconPhoto size={16} />
      </Tool>
      <Tool label={t('editor.insertInlineImage')} onClick={() => setDialog('inline')}>
        <IconPhotoPlus size={16} />
      </Tool>
      {state.completed > 0 && (
        <Tool
          label={t('editor.removeCompleted', { count: state.completed })}
          onClick={() => editor.update($removeCompletedItems)}
        >
          <IconClearAll size={16} />
        </Tool>
      )}
      <ImageDialog
        kind={dialog}
        onClose={() => setDialog(null)}
        onInsert={(src, position) =>
          dialog === 'inline'
            ? editor.dispatchCommand(INSERT_INLINE_IMAGE_COMMAND, { src, position })
            : editor.dispatchCommand(INSERT_IMAGE_COMMAND, { src })
        }
      />
    </Group>
  );
}

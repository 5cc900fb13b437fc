/**
 * A check list's items are checkboxes (Lexical gives each its role and aria-checked), so the list
 * around them is a group of checkboxes rather than a list: screen readers then read them as such,
 * and a list holding no list items is not announced as one (axe: list).
 */
import { $isListNode, ListNode } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getNodeByKey } from 'lexical';
import { useEffect } from 'react';

export function CheckListRolesPlugin(): null {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerMutationListener(
        ListNode,
        (mutations) => {
          editor.getEditorState().read(() => {
            for (const [key, kind] of mutations) {
              if (kind === 'destroyed') continue;
              const node = $getNodeByKey(key);
              const el = editor.getElementByKey(key);
              if (!el || !$isListNode(node)) continue;
              if (node.getListType() === 'check') el.setAttribute('role', 'group');
              else el.removeAttribute('role');
            }
          });
        },
        { skipInitialization: false },
      ),
    [editor],
  );
  return null;
}

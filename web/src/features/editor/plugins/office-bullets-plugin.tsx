/**
 * Pasted office bullets (spec 001 §5): text whose lines start with a middle dot, 'o' or a section sign
 * becomes a bulleted list at levels 0, 1 and 2 (shared/src/editor/bullets.ts reads the lines).
 */
import { $createListItemNode, $createListNode, type ListItemNode, type ListNode } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { officeBulletLines } from '@tandem/shared/editor/bullets';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $insertNodes,
  COMMAND_PRIORITY_HIGH,
  type LexicalNode,
  PASTE_COMMAND,
} from 'lexical';
import { useEffect } from 'react';

export function OfficeBulletsPlugin(): null {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        PASTE_COMMAND,
        (event) => {
          const data = 'clipboardData' in event ? event.clipboardData : null;
          const lines = data ? officeBulletLines(data.getData('text/plain')) : null;
          if (!lines) return false;
          event.preventDefault();
          editor.update(() => {
            if (!$getSelection()) $getRoot().selectEnd();
            const nodes: LexicalNode[] = [];
            const items: Array<[ListItemNode, number]> = [];
            let list: ListNode | null = null;
            for (const line of lines) {
              if (line.level === null) {
                list = null;
                nodes.push($createParagraphNode().append($createTextNode(line.text)));
                continue;
              }
              if (!list) {
                list = $createListNode('bullet');
                nodes.push(list);
              }
              const item = $createListItemNode().append($createTextNode(line.text));
              list.append(item);
              items.push([item, line.level]);
            }
            $insertNodes(nodes);
            // Indenting an item nests it in a list of its own under the one before (Lexical's rule).
            for (const [item, level] of items) if (level > 0) item.setIndent(level);
          });
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
    [editor],
  );
  return null;
}

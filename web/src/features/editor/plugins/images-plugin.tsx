/** Inserting images (the Insert Image and Insert Inline Image dialogs send these commands). */

import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $insertNodeToNearestRoot } from '@lexical/utils';
import type { ImagePosition } from '@tandem/shared/editor/document';
import {
  $getRoot,
  $getSelection,
  $insertNodes,
  COMMAND_PRIORITY_EDITOR,
  createCommand,
  type LexicalCommand,
} from 'lexical';
import { useEffect } from 'react';
import { $createImageNode, $createInlineImageNode, type ImagePayload } from '../nodes/image-node.tsx';

export const INSERT_IMAGE_COMMAND: LexicalCommand<ImagePayload> = createCommand('INSERT_IMAGE_COMMAND');
export const INSERT_INLINE_IMAGE_COMMAND: LexicalCommand<ImagePayload & { position: ImagePosition }> =
  createCommand('INSERT_INLINE_IMAGE_COMMAND');

/** The caret, or the end of the text when the editor has none (a dialog took the focus). */
function $ensureSelection() {
  if (!$getSelection()) $getRoot().selectEnd();
}

export function ImagesPlugin(): null {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    const block = editor.registerCommand(
      INSERT_IMAGE_COMMAND,
      (payload) => {
        $ensureSelection();
        $insertNodeToNearestRoot($createImageNode(payload));
        return true;
      },
      COMMAND_PRIORITY_EDITOR,
    );
    const inline = editor.registerCommand(
      INSERT_INLINE_IMAGE_COMMAND,
      ({ position, ...payload }) => {
        $ensureSelection();
        $insertNodes([$createInlineImageNode(payload, position)]);
        return true;
      },
      COMMAND_PRIORITY_EDITOR,
    );
    return () => {
      block();
      inline();
    };
  }, [editor]);
  return null;
}

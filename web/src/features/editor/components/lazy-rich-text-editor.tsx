/**
 * The rich-text editor as any form uses it (task descriptions now, contact notes later): Lexical and
 * the editor load in their own chunk the first time one shows. Until then the field shows its plain
 * text, so nothing moves or reads blank.
 */
import { Input, Paper, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor.tsx';

const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

export type { RichTextEditorProps };

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} labelElement="div" error={props.error}>
          <Paper withBorder radius="sm" px={12} py={8} mih={props.readOnly ? undefined : 132} aria-busy>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {props.text}
            </Text>
          </Paper>
          {props.footer}
        </Input.Wrapper>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}

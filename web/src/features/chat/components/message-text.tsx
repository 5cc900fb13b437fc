import { Anchor, Text } from '@mantine/core';
import { messageParts } from '@tandem/shared/chat/chat';

/** A message's text: web links are clickable, everything else is shown as it was written (no markup). */
export function MessageText({ text, deleted }: { text: string; deleted: boolean }) {
  if (deleted) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {text}
      </Text>
    );
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {messageParts(text).map((p, i) =>
        p.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <Anchor key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow" inherit>
            {p.text}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <span key={i}>{p.text}</span>
        ),
      )}
    </Text>
  );
}

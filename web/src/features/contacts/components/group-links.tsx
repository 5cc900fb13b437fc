import { Badge, Group } from '@mantine/core';
import type { GroupLinkView } from '@tandem/shared/contacts/views';
import { inkOn } from '../../groups/utils/hex-color.ts';
import { linkColor } from '../utils/form.ts';

/** A contact's or company's group links as chips in the group's colour ('#9747FF' when it has none). */
export function GroupLinks({ links, size = 'sm' }: { links: readonly GroupLinkView[]; size?: 'xs' | 'sm' }) {
  const sorted = [...links].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  return (
    <Group gap={4} wrap="wrap">
      {sorted.map((l) => {
        const bg = linkColor(l.metadata?.color);
        return (
          <Badge
            key={l.id}
            size={size}
            radius="sm"
            variant={l.isPrimary ? 'filled' : 'outline'}
            data-testid="group-link"
            style={
              l.isPrimary
                ? { background: bg, color: inkOn(bg), textTransform: 'none' }
                : { borderColor: bg, color: 'var(--mantine-color-text)', textTransform: 'none' }
            }
          >
            {l.groupTitle}
          </Badge>
        );
      })}
    </Group>
  );
}

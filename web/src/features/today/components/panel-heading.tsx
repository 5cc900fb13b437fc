import { Box, Group, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The heading of a Today section that folds (a priority panel, a delegate's group): a level-2
 * heading holding the one button that opens and closes the section's body.
 */
export function PanelHeading({
  expanded,
  onToggle,
  bodyId,
  gap = 'xs',
  children,
}: {
  expanded: boolean;
  onToggle: () => void;
  bodyId: string;
  gap?: 'xs' | 'sm';
  children: ReactNode;
}) {
  const Chevron = expanded ? IconChevronDown : IconChevronRight;
  return (
    <Box component="h2" m={0} fz="sm">
      <UnstyledButton
        onClick={onToggle}
        aria-expanded={expanded}
        aria-controls={bodyId}
        w="100%"
        px="sm"
        py="xs"
        style={{ display: 'block', background: 'var(--mantine-color-default-hover)' }}
      >
        <Group gap={gap} wrap="nowrap">
          <Chevron size={16} aria-hidden style={{ flexShrink: 0 }} />
          {children}
        </Group>
      </UnstyledButton>
    </Box>
  );
}

/** A proposed template tree as an indented list: each task under its parent, its level beside it. */
import { Badge, Group, List, Text } from '@mantine/core';
import type { ProposedNode } from '@tandem/shared/ai/ai';
import { useTranslation } from 'react-i18next';

function Node({ node }: { node: ProposedNode }) {
  const { t } = useTranslation('roles');
  return (
    <List.Item>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={node.level === 0 ? 600 : 400}>
          {node.title}
        </Text>
        <Badge size="xs" variant="light" color="gray">
          {t('aiBuilder.level', { level: node.level })}
        </Badge>
      </Group>
      {node.children.length > 0 && (
        <List withPadding listStyleType="disc" spacing={4} mt={4}>
          {node.children.map((c, i) => (
            // Titles may repeat; the position is the node's identity in a proposal that never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: a proposal is shown as it came, never reordered
            <Node key={i} node={c} />
          ))}
        </List>
      )}
    </List.Item>
  );
}

export function ProposalTree({ root, label }: { root: ProposedNode; label: string }) {
  return (
    <List spacing={4} aria-label={label} listStyleType="none">
      <Node node={root} />
    </List>
  );
}

import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface GroupCount {
  group: number;
  title: string;
  count: number;
}

/**
 * The priority-group counter beside the panels (spec 001 §2): each group with its number of tasks.
 * Choosing one opens that panel and brings it into view.
 */
export function CounterColumn({
  counts,
  onPick,
  horizontal,
}: {
  counts: readonly GroupCount[];
  onPick: (group: number) => void;
  horizontal: boolean;
}) {
  const { t } = useTranslation('today');
  const items = counts.map((c) => (
    <li key={c.group} style={{ listStyle: 'none' }}>
      <Button
        variant="subtle"
        color="gray"
        fullWidth={!horizontal}
        justify="space-between"
        onClick={() => onPick(c.group)}
        aria-label={t('counter.item', { title: c.title, count: c.count })}
        rightSection={
          <Badge variant="light" size="md" radius="sm">
            {c.count}
          </Badge>
        }
        px="xs"
      >
        <Text span size="sm" c="var(--mantine-color-text)">
          {c.title}
        </Text>
        {/* Not drawn (a space in a flex box), but it keeps the title and the count two words apart
            for speech input and axe-core's label-in-name check ("Today 2", not "Today2"). */}{' '}
      </Button>
    </li>
  ));
  return (
    <Paper
      component="nav"
      aria-label={t('counter.title')}
      withBorder={!horizontal}
      p={horizontal ? 0 : 'sm'}
      miw={horizontal ? undefined : 200}
      // Beside the panels it stays in view while they scroll.
      style={
        horizontal
          ? undefined
          : { position: 'sticky', top: 'calc(var(--app-shell-header-height, 56px) + 16px)' }
      }
    >
      {!horizontal && (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
          {t('counter.title')}
        </Text>
      )}
      {horizontal ? (
        <Group component="ul" gap={6} m={0} p={0} wrap="wrap">
          {items}
        </Group>
      ) : (
        <Stack component="ul" gap={2} m={0} p={0}>
          {items}
        </Stack>
      )}
    </Paper>
  );
}

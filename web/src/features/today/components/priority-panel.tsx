import {
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setPanelNode } from '../hooks/drag-bridge.ts';
import { PanelHeading } from './panel-heading.tsx';
import { PanelTaskRow, type RowContext } from './task-row.tsx';

export interface PanelProps extends RowContext {
  group: number;
  title: string;
  /** Rows in the order shown (filtered; during a drag, the drag's order). */
  rows: readonly TaskView[];
  /** The server's count for the whole group. */
  count: number;
  expanded: boolean;
  onToggle: () => void;
  loading: boolean;
  failed: boolean;
  filtered: boolean;
  hasMore: boolean;
  onShowMore: () => void;
  /** Something is being dragged over this panel (a drop moves the task here). */
  highlighted: boolean;
  onActivate: () => void;
}

/**
 * One priority group on Today (spec 001 §2): a region named by its title, collapsible, holding its
 * tasks in sort-code order. The whole panel is a drop target, so a task can go to a collapsed or an
 * empty group as well.
 */
export function PriorityPanel({
  group,
  title,
  rows,
  count,
  expanded,
  onToggle,
  loading,
  failed,
  filtered,
  hasMore,
  onShowMore,
  highlighted,
  onActivate,
  ...rowContext
}: PanelProps) {
  const { t } = useTranslation('today');
  // Drag and drop makes the element a drop target once it has loaded (today-dnd.tsx).
  const node = useCallback((el: HTMLElement | null) => setPanelNode(group, el), [group]);
  const bodyId = useId();
  const body = (
    <>
      {rows.length > 0 ? (
        <Box component="ul" aria-label={title} m={0} p={0}>
          {rows.map((task) => (
            <PanelTaskRow key={task.id} task={task} {...rowContext} />
          ))}
        </Box>
      ) : (
        <Text size="sm" c="dimmed" px="sm" py="sm">
          {filtered ? t('panel.emptyFiltered') : t('panel.empty')}
        </Text>
      )}
      {hasMore && (
        <Group justify="center" p="xs">
          <Button variant="subtle" size="compact-sm" onClick={onShowMore}>
            {t('panel.showMore')}
          </Button>
        </Group>
      )}
    </>
  );

  return (
    <Paper
      component="section"
      aria-label={title}
      ref={node}
      withBorder
      radius="md"
      onFocusCapture={onActivate}
      onPointerDownCapture={onActivate}
      style={{
        overflow: 'hidden',
        outline: highlighted ? '2px solid var(--mantine-primary-color-filled)' : undefined,
        outlineOffset: -1,
      }}
    >
      <PanelHeading expanded={expanded} onToggle={onToggle} bodyId={bodyId}>
        <Text span fw={700} size="sm" style={{ flex: 1 }}>
          {title}
        </Text>
        <Badge variant="light" color="gray" size="sm">
          <span aria-hidden>{count}</span>
          <VisuallyHidden>{t('panel.count', { count })}</VisuallyHidden>
        </Badge>
      </PanelHeading>
      <Collapse expanded={expanded} id={bodyId} keepMounted={false}>
        {loading ? (
          <Stack gap={6} p="sm">
            <Skeleton height={20} />
            <Skeleton height={20} />
          </Stack>
        ) : failed ? (
          <Text size="sm" c="red" p="sm">
            {t('panel.loadFailed')}
          </Text>
        ) : (
          body
        )}
      </Collapse>
    </Paper>
  );
}

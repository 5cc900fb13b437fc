/**
 * The viewer's left panel (spec 002 §2): existing tasks to add to the plan, filtered Active / Drafts /
 * All, with toggles for tasks with ancestors, with children, single and routine. Adding one brings
 * its descendants, under the selected node (or the root).
 */
import '../i18n.ts';
import {
  ActionIcon,
  Chip,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import * as routes from '@tandem/shared/api/route-defs';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';

type Filter = 'active' | 'draft' | 'all';
type Kind = 'ancestors' | 'children' | 'single' | 'routine';
const KINDS: Kind[] = ['ancestors', 'children', 'single', 'routine'];

const kindOf = (t: TaskView): Kind =>
  t.scheduledTask?.recurRule ? 'routine' : t.parent ? 'ancestors' : t.childCount > 0 ? 'children' : 'single';

export function AddTasksPanel({
  inPlan,
  onAdd,
}: {
  inPlan: ReadonlySet<string>;
  onAdd: (task: TaskView) => void;
}) {
  const { t } = useTranslation('planning');
  const [filter, setFilter] = useState<Filter>('active');
  const [kinds, setKinds] = useState<string[]>(['children', 'single']);
  const { data, isLoading } = useSWR(['planning', 'candidates', filter], () =>
    api<{ results: TaskView[] }>(routes.listTasks, {
      query: { mode: filter === 'all' ? undefined : filter, size: 50 },
    }),
  );
  const tasks = (data?.results ?? []).filter((x) => !inPlan.has(x.id) && kinds.includes(kindOf(x)));
  return (
    <Stack
      component="section"
      aria-label={t('planning.add.heading')}
      w={280}
      p="md"
      gap="sm"
      style={{ borderRight: '1px solid var(--mantine-color-default-border)', minHeight: 0 }}
    >
      <Title order={3} size="h5">
        {t('planning.add.heading')}
      </Title>
      <SegmentedControl
        size="xs"
        value={filter}
        onChange={(v) => setFilter(v as Filter)}
        data={(['active', 'draft', 'all'] as const).map((f) => ({
          value: f,
          label: t(`planning.add.filter.${f}`),
        }))}
        aria-label={t('planning.add.filterLabel')}
      />
      <Chip.Group multiple value={kinds} onChange={setKinds}>
        <Group gap={6}>
          {KINDS.map((k) => (
            <Chip key={k} value={k} size="xs">
              {t(`planning.add.kind.${k}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {isLoading && <Loader size="sm" />}
      <ScrollArea style={{ flex: 1 }}>
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tasks.map((x) => (
            <Group key={x.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" truncate>
                {x.title}
              </Text>
              <Tooltip label={t('planning.add.add', { title: x.title })}>
                <ActionIcon
                  variant="light"
                  aria-label={t('planning.add.add', { title: x.title })}
                  onClick={() => onAdd(x)}
                >
                  <IconPlus size={14} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
          {data && tasks.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('planning.add.none')}
            </Text>
          )}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}

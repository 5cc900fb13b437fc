/**
 * The command palette (issue 11 §18): go to a page, find a task by its title (the server's search,
 * bounded by what the person can see), create a task with quick add.
 */
import { useDebouncedValue } from '@mantine/hooks';
import {
  Spotlight,
  type SpotlightActionData,
  type SpotlightActionGroupData,
  spotlight,
} from '@mantine/spotlight';
import { IconListCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import * as routes from '@tandem/shared/api/route-defs';
import type { TaskView } from '@tandem/shared/tasks/views';
import '@mantine/spotlight/styles.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import { navItems } from '../../../app/shell/nav-items.ts';
import { api } from '../../../lib/api.ts';
import { taskPath } from '../../tasks/paths.ts';
import '../../../i18n/with-later-texts.ts';

/** Titles the palette looks tasks up by: at least 2 characters, read 250 ms after the last key. */
const MIN_SEARCH = 2;
const searchKey = (q: string) => ['tasks', 'search', q] as const;
const searchTasks = (q: string) =>
  api<{ count: number; results: TaskView[] }>(routes.searchTasks, { query: { search: q } });

/** Loaded on the first Ctrl/Cmd+K (see CommandHost); `openSignal` opens it, each time it changes. */
export default function CommandPalette({
  openSignal,
  onQuickAdd,
}: {
  openSignal: number;
  onQuickAdd: () => void;
}) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const { data: found } = useSWR(debounced.length >= MIN_SEARCH ? searchKey(debounced) : null, () =>
    searchTasks(debounced),
  );

  useEffect(() => {
    if (openSignal > 0) spotlight.open();
  }, [openSignal]);

  const actions = useMemo<(SpotlightActionData | SpotlightActionGroupData)[]>(() => {
    const create: SpotlightActionData = {
      id: 'create-task',
      label: t('palette.createTask'),
      description: t('palette.createTaskHelp'),
      leftSection: <IconPlus size={20} aria-hidden />,
      keywords: ['new', 'add', 'task'],
      onClick: onQuickAdd,
    };
    const pages = navItems
      .filter((n) => n.kind === 'page' && !n.allowListOnly)
      .map<SpotlightActionData>((n) => ({
        id: `page-${n.label}`,
        label: t(`nav.${n.label}`),
        description: t('palette.goTo'),
        leftSection: <n.icon size={20} stroke={1.5} />,
        onClick: () => void navigate(n.to),
      }));
    const tasks = (debounced.length >= MIN_SEARCH ? (found?.results ?? []) : []).map<SpotlightActionData>(
      (task) => ({
        id: `task-${task.id}`,
        label: task.title,
        description: t('palette.openTask'),
        // Found by the server: always shown for the query that found them.
        keywords: [query],
        leftSection: <IconListCheck size={20} stroke={1.5} />,
        onClick: () => void navigate(taskPath(task.id)),
      }),
    );
    // Found tasks come last: they arrive after a pause in typing, and must not move what is shown.
    return [
      { group: t('palette.actions'), actions: [create] },
      { group: t('palette.pages'), actions: pages },
      ...(tasks.length ? [{ group: t('palette.tasks'), actions: tasks }] : []),
    ];
  }, [t, navigate, found, debounced, query, onQuickAdd]);

  return (
    <Spotlight
      actions={actions}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      nothingFound={t('palette.nothingFound')}
      highlightQuery
      limit={30}
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <IconSearch size={18} aria-hidden />,
        placeholder: t('palette.placeholder'),
        'aria-label': t('palette.placeholder'),
      }}
    />
  );
}

import { Badge, Box, Group, Stack, Tabs, Title, VisuallyHidden } from '@mantine/core';
import { PRIORITY_GROUPS } from '@tandem/shared/tasks/constants';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isInternalAccount } from '../../../config/allow-list.ts';
import { TOASTS_BOTTOM } from '../../../config/floating-button.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { usePendingInvitations } from '../../delegation/api/pending.ts';
import { answerableIds } from '../../delegation/utils/pending.ts';
import { AddTaskButton } from '../components/add-task-button.tsx';
import { DayCalendarColumn } from '../components/day-calendar-column.tsx';
import { MyTasksTab } from '../components/my-tasks-tab.tsx';
import { TaskFormHost, useTaskForm } from '../components/task-form-host.tsx';
import { useNow } from '../hooks/use-now.ts';
import { useRowContext } from '../hooks/use-row-context.ts';
import { useTodayShortcuts } from '../hooks/use-today-shortcuts.ts';
import { queryForTab, TODAY_TABS, tabFromQuery } from '../utils/tabs.ts';

// The other tabs load when chosen: My tasks is the first screen.
const PendingTab = lazy(() =>
  import('../components/pending-tab.tsx').then((m) => ({ default: m.PendingTab })),
);
const DelegatedTab = lazy(() =>
  import('../components/delegated-tab.tsx').then((m) => ({ default: m.DelegatedTab })),
);
const IssuesTab = lazy(() => import('../components/issues-tab.tsx').then((m) => ({ default: m.IssuesTab })));

/**
 * Today (spec 001 §2): My tasks, Pending, Delegated, and Issues for allow-listed accounts. The tab
 * lives in the query (?tab=delegated) so it can be linked to and survives a reload.
 */
export default function TodayPage() {
  const { t } = useTranslation('today');
  const { data: config } = useUserConfig();
  const [params, setParams] = useSearchParams();
  // Issues is for the internal accounts of the allow-list (configuration), the same list as Agendas.
  const canSeeIssues = isInternalAccount(config);
  const tab = tabFromQuery(params.get('tab'), canSeeIssues);
  const [panel, setPanel] = useState(0);
  const form = useTaskForm();
  const issuesRow = useRowContext(form.openTask, form.celebrate);
  useTodayShortcuts();
  const now = useNow();
  // The Pending tab's badge: invitations that can still be answered.
  const { data: pending } = usePendingInvitations();
  const pendingCount = answerableIds(pending?.results ?? []).length;

  const selectTab = (value: string | null) => {
    const next = TODAY_TABS.find((x) => x === value) ?? 'my-tasks';
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        const q = queryForTab(next);
        if (q) out.set('tab', q);
        else out.delete('tab');
        // ?assignee= belongs to Delegated.
        if (next !== 'delegated') out.delete('assignee');
        return out;
      },
      { replace: true },
    );
  };

  const panelTitle = PRIORITY_GROUPS.find((g) => g.id === panel)?.listTitle ?? '';

  return (
    <Stack gap="md" pb={96}>
      <Title order={1} fz="h2">
        {t('title')}
      </Title>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Box style={{ flex: '2 1 0', minWidth: 0 }}>
          <Tabs value={tab} onChange={selectTab} keepMounted={false}>
            <Tabs.List aria-label={t('tabs.label')}>
              <Tabs.Tab value="my-tasks">{t('tabs.my-tasks')}</Tabs.Tab>
              <Tabs.Tab
                value="pending"
                aria-describedby={pendingCount > 0 ? 'today-pending-count' : undefined}
                rightSection={
                  pendingCount > 0 ? (
                    <Badge size="sm" variant="filled" color="red" circle={pendingCount < 10} aria-hidden>
                      {pendingCount}
                    </Badge>
                  ) : undefined
                }
              >
                {t('tabs.pending')}
              </Tabs.Tab>
              <Tabs.Tab value="delegated">{t('tabs.delegated')}</Tabs.Tab>
              {canSeeIssues && <Tabs.Tab value="issues">{t('tabs.issues')}</Tabs.Tab>}
            </Tabs.List>
            {pendingCount > 0 && (
              <VisuallyHidden id="today-pending-count">
                {t('tabs.pendingCount', { count: pendingCount })}
              </VisuallyHidden>
            )}
            {/* Room below the last row, so the + button never sits over it. */}
            <Tabs.Panel value="my-tasks" pt="md" pb={TOASTS_BOTTOM}>
              <MyTasksTab onOpenTask={form.openTask} onDone={form.celebrate} onPanelChange={setPanel} />
            </Tabs.Panel>
            <Tabs.Panel value="pending" pt="md">
              <Suspense fallback={null}>
                <PendingTab now={now} />
              </Suspense>
            </Tabs.Panel>
            <Tabs.Panel value="delegated" pt="md">
              <Suspense fallback={null}>
                <DelegatedTab now={now} onOpenTask={form.openTask} />
              </Suspense>
            </Tabs.Panel>
            {canSeeIssues && (
              <Tabs.Panel value="issues" pt="md">
                <Suspense fallback={null}>
                  <IssuesTab {...issuesRow} />
                </Suspense>
              </Tabs.Panel>
            )}
          </Tabs>
        </Box>
        <DayCalendarColumn />
      </Group>
      {tab === 'my-tasks' && <AddTaskButton panelTitle={panelTitle} onClick={() => form.createIn(panel)} />}
      <TaskFormHost form={form} />
    </Stack>
  );
}

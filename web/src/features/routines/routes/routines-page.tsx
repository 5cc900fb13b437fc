/**
 * Routines (spec 001 §2): /routines (today's instances), /routines/all (definitions),
 * /routines/daily and /routines/weekly (occurrences of today and of this week), as tabs.
 */
import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AllRoutines } from '../components/all-routines.tsx';
import { OccurrenceDays } from '../components/occurrence-days.tsx';
import { TodayRoutines } from '../components/today-routines.tsx';

const TABS = ['today', 'all', 'daily', 'weekly'] as const;
type Tab = (typeof TABS)[number];

const pathFor = (tab: Tab) => (tab === 'today' ? paths.routines : `${paths.routines}/${tab}`);
const tabFor = (pathname: string): Tab =>
  TABS.find((x) => x !== 'today' && pathname.replace(/\/$/, '') === `${paths.routines}/${x}`) ?? 'today';

export default function RoutinesPage() {
  const { t } = useTranslation('routines');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = tabFor(pathname);

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} fz="h2">
        {t('title')}
      </Title>
      <Tabs
        value={tab}
        onChange={(v) => {
          const next = TABS.find((x) => x === v);
          if (next) void navigate(pathFor(next));
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('tabs.label')}>
          {TABS.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {t(`tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="today" pt="md">
          <TodayRoutines />
        </Tabs.Panel>
        <Tabs.Panel value="all" pt="md">
          <AllRoutines />
        </Tabs.Panel>
        <Tabs.Panel value="daily" pt="md">
          <OccurrenceDays span="day" />
        </Tabs.Panel>
        <Tabs.Panel value="weekly" pt="md">
          <OccurrenceDays span="week" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

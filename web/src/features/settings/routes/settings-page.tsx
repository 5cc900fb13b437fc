import { Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, useSearchParams } from 'react-router';
import { type SettingsTab, settingsTabs } from '../../../config/paths.ts';
import { NotificationSettingsCard } from '../../notifications/components/notification-settings.tsx';
import { PreferencesTab } from '../components/preferences-tab.tsx';
import { ProfileTab } from '../components/profile-tab.tsx';
import { SecurityTab } from '../components/security-tab.tsx';
import { UnsavedChangesGuard } from '../components/unsaved-changes.tsx';

// The groups tab brings drag and drop and the group icon set: its own chunk, loaded when opened.
const GroupsTab = lazy(() => import('../../groups/components/groups-tab.tsx'));
const BillingLicensingPanel = lazy(() =>
  import('../../subscription/components/billing-licensing-panel.tsx').then((m) => ({
    default: m.BillingLicensingPanel,
  })),
);

const isTab = (v: string | null): v is SettingsTab => settingsTabs.includes(v as SettingsTab);
const tabOf = (search: string): SettingsTab => {
  const requested = new URLSearchParams(search).get('activeTab');
  return isTab(requested) ? requested : 'profile';
};
/** Another page, or another settings tab, takes the person away from the forms they see. */
const leaves = (from: Location, to: Location) =>
  from.pathname !== to.pathname || tabOf(from.search) !== tabOf(to.search);

/** /settings, the tab chosen by ?activeTab= (spec 001 §2). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.toString());

  const select = (value: string | null) => {
    if (!isTab(value)) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('activeTab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('settings.title')}
      </Title>
      <UnsavedChangesGuard leaves={leaves}>
        <Tabs value={tab} onChange={select} keepMounted={false}>
          <Tabs.List mb="lg">
            {settingsTabs.map((v) => (
              <Tabs.Tab key={v} value={v}>
                {t(`settings.tabs.${v}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="profile">
            <ProfileTab />
          </Tabs.Panel>
          <Tabs.Panel value="preferences">
            <PreferencesTab />
            <NotificationSettingsCard />
          </Tabs.Panel>
          <Tabs.Panel value="security">
            <SecurityTab />
          </Tabs.Panel>
          <Tabs.Panel value="groups">
            <Suspense fallback={<Skeleton height={240} maw={760} />}>
              <GroupsTab />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="billingLicensing">
            <Suspense fallback={<Skeleton h={200} />}>
              <BillingLicensingPanel />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </UnsavedChangesGuard>
    </Stack>
  );
}

import {
  Badge,
  Box,
  Button,
  DataList,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { SUBSCRIPTION_PACKAGES, SUBSCRIPTION_STATUSES } from '@tandem/shared/user/subscription';
import { useTranslation } from 'react-i18next';
import { useSubscription } from '../../../lib/user/get-subscription.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { useSubscriptionLimits } from '../api/subscription-limits.ts';
import { formatDay, formatNumber } from '../format.ts';
import { isKnownEvent, type LimitBadge, limitRows } from '../limit-rows.ts';
import { BillingButton } from './billing-button.tsx';

const statusColor: Record<string, string> = {
  active: 'teal',
  cancelled: 'gray',
  expired: 'red',
  'on-hold': 'yellow',
};

const badgeColor: Record<LimitBadge, string> = {
  ok: 'teal',
  met: 'orange',
  exceeded: 'red',
  notIncluded: 'gray',
};

function LimitStatusBadge({ badge }: { badge: LimitBadge }) {
  const { t } = useTranslation('billing');
  return (
    // A badge may not shrink: its label would be cut to an ellipsis.
    <Badge color={badgeColor[badge]} variant="light" miw="max-content">
      {t(`limitStatuses.${badge}`)}
    </Badge>
  );
}

const isPackage = (v: string): v is (typeof SUBSCRIPTION_PACKAGES)[number] =>
  (SUBSCRIPTION_PACKAGES as readonly string[]).includes(v);
const isStatus = (v: string): v is (typeof SUBSCRIPTION_STATUSES)[number] =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(v);

/**
 * Settings → Billing and licensing (spec 001 §2 activeTab=billingLicensing): the package, its status,
 * the trial end when there is one, every limit with its use and status (spec 000 §4), and the
 * billing button.
 */
export function BillingLicensingPanel() {
  const { t } = useTranslation('billing');
  const subscription = useSubscription();
  const limits = useSubscriptionLimits();
  const { data: config } = useUserConfig();
  const sub = subscription.data;
  // The API may add the end of the trial or term; shown when it is there.
  const endsAt = (sub as { endsAt?: string | null } | undefined)?.endsAt ?? null;
  const rows = limitRows(limits.data);

  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Title order={2} fz="h4">
            {t('panel.title')}
          </Title>
          {subscription.error && !sub ? (
            <Text c="dimmed" size="sm">
              {t('panel.unavailable')}
            </Text>
          ) : !sub ? (
            <Skeleton height={48} width={280} />
          ) : (
            <DataList labelWidth={120} gap="xs">
              <DataList.Item>
                <DataList.ItemLabel>{t('panel.package')}</DataList.ItemLabel>
                <DataList.ItemValue fw={500} data-testid="billing-package">
                  {isPackage(sub.package) ? t(`packages.${sub.package}`) : sub.package}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('panel.status')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Badge color={statusColor[sub.currentStatus] ?? 'gray'} variant="light">
                    {isStatus(sub.currentStatus) ? t(`statuses.${sub.currentStatus}`) : sub.currentStatus}
                  </Badge>
                </DataList.ItemValue>
              </DataList.Item>
              {endsAt && (
                <DataList.Item>
                  <DataList.ItemLabel>
                    {sub.package === 'full_14_days_trial' ? t('panel.trialEnds') : t('panel.endsOn')}
                  </DataList.ItemLabel>
                  <DataList.ItemValue>
                    {formatDay(endsAt, config?.dateFormatOption, config?.timezone)}
                  </DataList.ItemValue>
                </DataList.Item>
              )}
            </DataList>
          )}
          <Group>
            <BillingButton />
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} fz="h5">
            {t('panel.limits')}
          </Title>
          {limits.error && !limits.data ? (
            <Group gap="sm">
              <Text c="dimmed" size="sm">
                {t('panel.limitsUnavailable')}
              </Text>
              <Button size="xs" variant="default" onClick={() => void limits.mutate()}>
                {t('panel.retry')}
              </Button>
            </Group>
          ) : !limits.data ? (
            <Stack gap={6}>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={28} />
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={300}>
              <Table verticalSpacing="xs" striped highlightOnHover data-testid="limits-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('panel.columns.event')}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{t('panel.columns.usage')}</Table.Th>
                    <Table.Th visibleFrom="sm">{t('panel.columns.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.event} data-event={row.event}>
                      <Table.Td>
                        {isKnownEvent(row.event) ? t(`events.${row.event}`) : row.title}
                        {/* Narrow screens: the status under the title rather than in a third column. */}
                        <Box hiddenFrom="sm" mt={4}>
                          <LimitStatusBadge badge={row.badge} />
                        </Box>
                      </Table.Td>
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                        {t(row.storage ? 'usageStorage' : 'usage', {
                          used: formatNumber(row.used),
                          limit: formatNumber(row.limit),
                        })}
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <LimitStatusBadge badge={row.badge} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

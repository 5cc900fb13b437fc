import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { SUBSCRIPTION_PACKAGES, SUBSCRIPTION_STATUSES } from '@tandem/shared/user/subscription';
import { useTranslation } from 'react-i18next';
import { useSubscription } from '../../../lib/user/get-subscription.ts';

const statusColor: Record<string, string> = {
  active: 'teal',
  cancelled: 'gray',
  expired: 'red',
  'on-hold': 'yellow',
};

/** The package and its status, read-only. A status reported by a refused call wins over the loaded one. */
export function SubscriptionCard() {
  const { t } = useTranslation();
  const { data, error } = useSubscription();
  const status = data?.currentStatus;
  const pkg = data?.package;

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('subscription.title')}
        </Title>
        {error && !data ? (
          <Text c="dimmed" size="sm">
            {t('subscription.unavailable')}
          </Text>
        ) : !data ? (
          <Skeleton height={24} width={240} />
        ) : (
          <Group gap="sm">
            <Text fw={500}>
              {pkg && (SUBSCRIPTION_PACKAGES as readonly string[]).includes(pkg)
                ? t(`subscription.packages.${pkg}`)
                : pkg}
            </Text>
            {status && (
              <Badge color={statusColor[status] ?? 'gray'} variant="light">
                {(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
                  ? t(`subscription.statuses.${status as (typeof SUBSCRIPTION_STATUSES)[number]}`)
                  : status}
              </Badge>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../../../lib/user/get-auth-user.ts';

/** Today (spec 001 §2): for now a greeting; the task panels come with the task features. */
export default function TodayPage() {
  const { t } = useTranslation();
  const { data: user, isLoading } = useAuthUser();
  return (
    <Stack gap="xs" maw={720}>
      {isLoading ? (
        <Skeleton height={34} width={260} />
      ) : (
        <Title order={1} fz="h2">
          {user?.firstName ? t('today.welcomeName', { name: user.firstName }) : t('today.welcome')}
        </Title>
      )}
      <Text c="dimmed">{t('today.empty')}</Text>
    </Stack>
  );
}

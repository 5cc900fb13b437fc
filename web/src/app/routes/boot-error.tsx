import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../components/public-layout.tsx';

/** The app could not read its configuration: nothing else can work, so say so and offer a reload. */
export function BootError() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <Stack gap="sm" align="flex-start" role="alert">
        <Title order={1} fz="h2">
          {t('boot.title')}
        </Title>
        <Text c="dimmed">{t('boot.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </PublicLayout>
  );
}

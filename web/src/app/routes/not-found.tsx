import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '../../components/public-layout.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <Stack gap="sm" align="flex-start">
        <Title order={1} fz="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </PublicLayout>
  );
}

import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { PublicLayout } from '../../components/public-layout.tsx';

/** A chunk that failed to load: usually a new build replaced the files this page knew. */
export const isChunkLoadError = (err: unknown): boolean =>
  err instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically|Unable to preload CSS/i.test(
    err.message,
  );

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PublicLayout>
        <Stack gap="sm" align="flex-start">
          <Title order={1} fz="h2">
            {t('notFound.title')}
          </Title>
          <Text c="dimmed">{t('notFound.text')}</Text>
        </Stack>
      </PublicLayout>
    );
  }
  if (!isChunkLoadError(error)) console.error(error);
  return (
    <PublicLayout>
      <Stack gap="sm" align="flex-start" role="alert">
        <Title order={1} fz="h2">
          {t('routeError.title')}
        </Title>
        <Text c="dimmed">{isChunkLoadError(error) ? t('routeError.chunk') : t('routeError.text')}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
          <Button variant="default" component={Link} to="/" reloadDocument>
            {t('notFound.home')}
          </Button>
        </Group>
      </Stack>
    </PublicLayout>
  );
}

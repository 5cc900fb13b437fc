import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A sidebar entry whose screen is not there yet: its title and one plain sentence. */
export function NotAvailable({ title, order = 1 }: { title: string; order?: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" maw={640}>
      <Title order={order} fz={order === 1 ? 'h2' : 'h3'}>
        {title}
      </Title>
      <Text c="dimmed">{t('notAvailable.text')}</Text>
    </Stack>
  );
}

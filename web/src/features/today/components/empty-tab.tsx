import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A tab whose lists come with a later feature (delegation): one plain sentence, no sample data. */
export function EmptyTab() {
  const { t } = useTranslation('today');
  return (
    <Text c="dimmed" py="md">
      {t('empty')}
    </Text>
  );
}

/**
 * Launch Agenda (000 §2 "Agenda panel"): with any empty segment it asks first, 'Launch Agenda?' /
 * 'Are you sure you want to launch the agenda with empty segments?' with Cancel and Ok.
 */
import { Button, type ButtonProps, Group, Modal, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  needsConfirmation: boolean;
  onLaunch: () => void | Promise<void>;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

export function LaunchButton({ label, needsConfirmation, onLaunch, variant = 'filled', size }: Props) {
  const { t } = useTranslation('agendas');
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        leftSection={<IconPlayerPlay size={16} />}
        onClick={() => (needsConfirmation ? setAsking(true) : void onLaunch())}
      >
        {label}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('launch.title')} centered>
        <Text size="sm">{t('launch.body')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsking(false)}>
            {t('actions.cancel')}
          </Button>
          <Button
            onClick={() => {
              setAsking(false);
              void onLaunch();
            }}
          >
            {t('actions.ok')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

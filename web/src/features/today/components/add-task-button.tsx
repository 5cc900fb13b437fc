import { ActionIcon, Affix } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FLOATING_BUTTON } from '../../../config/floating-button.ts';
import { LazyTooltip as Tooltip } from '../../tasks/lazy/tooltip.tsx';

/** The round add button at the bottom right: a new task in the panel the user works in. */
export function AddTaskButton({ panelTitle, onClick }: { panelTitle: string; onClick: () => void }) {
  const { t } = useTranslation('today');
  return (
    <Affix position={{ bottom: FLOATING_BUTTON.inset, right: FLOATING_BUTTON.inset }} zIndex={150}>
      <Tooltip label={t('add.to', { title: panelTitle })} position="left" withinPortal>
        <ActionIcon
          size={FLOATING_BUTTON.size}
          radius="xl"
          variant="filled"
          aria-label={t('add.label')}
          onClick={onClick}
        >
          <IconPlus size={28} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Affix>
  );
}

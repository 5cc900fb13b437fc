import { ActionIcon, Button, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type DueShortcut, dueShortcut } from '../utils/task-form.ts';
import '../../../i18n/with-later-texts.ts';

const SHORTCUTS: DueShortcut[] = ['today', 'tomorrow', 'nextWeek'];

/**
 * Due date: the quick options of spec 000 §9 (today, tomorrow, next week — each the end of that day
 * in the person's zone) and the browser's own date-and-time picker for anything else.
 */
export function DueDateField({
  value,
  onChange,
  readOnly,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  error?: string;
}) {
  const { t } = useTranslation('tasks');
  return (
    <Stack gap={6}>
      <TextInput
        type="datetime-local"
        label={t('form.dueDate')}
        value={value}
        readOnly={readOnly}
        error={error}
        onChange={(e) => onChange(e.currentTarget.value)}
        maw={320}
        rightSectionPointerEvents="all"
        rightSection={
          value && !readOnly ? (
            <Tooltip label={t('form.clearDue')} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                onClick={() => onChange('')}
                aria-label={t('form.clearDue')}
              >
                <IconX size={14} />
              </ActionIcon>
            </Tooltip>
          ) : null
        }
      />
      {!readOnly && (
        <Group gap="xs">
          {SHORTCUTS.map((s) => {
            const v = dueShortcut(s, new Date());
            return (
              <Button
                key={s}
                size="compact-sm"
                variant={value === v ? 'light' : 'default'}
                aria-pressed={value === v}
                onClick={() => onChange(v)}
              >
                {t(`form.due.${s}`)}
              </Button>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}

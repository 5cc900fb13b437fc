import {
  Button,
  Input,
  Popover,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { GROUP_ICONS, type GroupIcon as GroupIconName } from '@tandem/shared/groups/group';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupIcon } from './group-icon.tsx';
import { GroupMark } from './group-mark.tsx';
import '../../../i18n/with-later-texts.ts';

const COLUMNS = 8;

/** 'device-laptop' → 'device laptop': how a name reads in the grid and what the search matches. */
export const iconLabel = (name: string) => name.replace(/-/g, ' ');

export function filterIcons(query: string): GroupIconName[] {
  const q = query.trim().toLowerCase();
  return q ? GROUP_ICONS.filter((n) => iconLabel(n).includes(q)) : [...GROUP_ICONS];
}

/**
 * The group icon (spec 000 §3): a button showing the chosen icon opens a searchable grid of the named
 * set. Arrow keys move through the grid, Enter or Space picks.
 */
export function IconPicker({
  value,
  color,
  onChange,
  disabled,
  label,
}: {
  value: string;
  color: string;
  onChange: (icon: GroupIconName) => void;
  disabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation('groups');
  const id = useId();
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState('');
  const icons = useMemo(() => filterIcons(query), [query]);
  const grid = useRef<HTMLDivElement>(null);

  const focusCell = (i: number) => {
    const cells = grid.current?.querySelectorAll<HTMLButtonElement>('button[data-icon]');
    if (!cells?.length) return;
    cells[Math.max(0, Math.min(i, cells.length - 1))]?.focus();
  };

  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const cells = [...(grid.current?.querySelectorAll<HTMLButtonElement>('button[data-icon]') ?? [])];
    const i = cells.indexOf(document.activeElement as HTMLButtonElement);
    if (i === -1) return;
    const step: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: COLUMNS,
      ArrowUp: -COLUMNS,
    };
    if (e.key in step) {
      e.preventDefault();
      focusCell(i + step[e.key]!);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusCell(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusCell(cells.length - 1);
    }
  };

  const pick = (name: GroupIconName) => {
    onChange(name);
    setOpened(false);
    setQuery('');
  };

  return (
    <Input.Wrapper label={label} id={id}>
      <Popover
        id={id}
        opened={opened}
        onChange={setOpened}
        position="bottom-start"
        shadow="md"
        width={340}
        trapFocus
        withinPortal
      >
        <Popover.Target>
          <Button
            variant="default"
            disabled={disabled}
            onClick={() => setOpened((o) => !o)}
            aria-expanded={opened}
            aria-haspopup="dialog"
            aria-describedby={`${id}-value`}
            leftSection={<GroupMark color={color} icon={value} size={22} />}
            rightSection={<IconChevronDown size={14} />}
            display="flex"
            mt={4}
          >
            <span id={`${id}-value`}>{iconLabel(value)}</span>
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <TextInput
              aria-label={t('form.searchIcons')}
              placeholder={t('form.searchIcons')}
              leftSection={<IconSearch size={14} />}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  focusCell(0);
                } else if (e.key === 'Enter' && icons[0]) {
                  e.preventDefault();
                  pick(icons[0]);
                }
              }}
              data-autofocus
              // Escape closes this popover, not the form modal around it.
              data-mantine-stop-propagation="true"
            />
            {icons.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="md">
                {t('form.noIcons')}
              </Text>
            ) : (
              <ScrollArea.Autosize mah={240} type="auto" offsetScrollbars>
                <SimpleGrid
                  ref={grid}
                  cols={COLUMNS}
                  spacing={4}
                  verticalSpacing={4}
                  role="group"
                  aria-label={t('form.iconChoices')}
                  onKeyDown={onGridKey}
                >
                  {icons.map((name) => (
                    <UnstyledButton
                      key={name}
                      data-icon={name}
                      data-mantine-stop-propagation="true"
                      title={iconLabel(name)}
                      aria-label={iconLabel(name)}
                      aria-pressed={name === value}
                      onClick={() => pick(name)}
                      style={{
                        width: 34,
                        height: 34,
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                        borderRadius: 'var(--mantine-radius-sm)',
                        background: name === value ? 'var(--mantine-color-default-hover)' : undefined,
                        outline: name === value ? `2px solid ${color}` : undefined,
                      }}
                    >
                      <GroupIcon name={name} size={20} />
                    </UnstyledButton>
                  ))}
                </SimpleGrid>
              </ScrollArea.Autosize>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Input.Wrapper>
  );
}

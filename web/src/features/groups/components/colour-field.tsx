import {
  ActionIcon,
  ColorSwatch,
  Group,
  Popover,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconPalette } from '@tabler/icons-react';
import { QUICK_COLORS, RECOMMENDED_COLORS } from '@tandem/shared/groups/group';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hexOnBlur, inkOn, typedHex } from '../utils/hex-color.ts';
import '../../../i18n/with-later-texts.ts';

function Swatch({
  color,
  selected,
  disabled,
  onPick,
  inPopover,
}: {
  color: string;
  selected: boolean;
  disabled?: boolean;
  onPick: (c: string) => void;
  inPopover?: boolean;
}) {
  return (
    <ColorSwatch
      component="button"
      type="button"
      color={color}
      size={28}
      aria-label={color}
      aria-pressed={selected}
      disabled={disabled}
      onClick={() => onPick(color)}
      // In the quick palette, Escape closes the palette, not the form modal around it.
      data-mantine-stop-propagation={inPopover ? 'true' : undefined}
      style={{ cursor: disabled ? 'not-allowed' : 'pointer', opacity: disabled && !selected ? 0.5 : 1 }}
    >
      {selected && <IconCheck size={16} stroke={3} color={inkOn(color)} />}
    </ColorSwatch>
  );
}

/**
 * The group colour (spec 000 §3, §5): the 12 recommended colours, the 24 quick colours in a popover,
 * and a hex field. The field holds what is typed ('#' and at most 6 characters); on blur it shows the
 * colour in full (3 digits expanded) or goes back to the last good colour.
 */
export function ColourField({
  value,
  onChange,
  disabled,
  label,
}: {
  value: string;
  onChange: (hex: string) => void;
  disabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation('groups');
  const [text, setText] = useState(value);
  const [quickOpen, setQuickOpen] = useState(false);
  const hintId = useId();
  // A swatch picked elsewhere (or a reset) shows in the field.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setText(value);
  }

  const pick = (c: string) => {
    onChange(c);
    setQuickOpen(false);
  };

  return (
    <Stack gap={8}>
      <TextInput
        label={label}
        value={text}
        disabled={disabled}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={hintId}
        leftSection={<ColorSwatch color={value} size={18} aria-hidden />}
        onChange={(e) => setText(typedHex(e.currentTarget.value))}
        onBlur={() => {
          const shown = hexOnBlur(text, value);
          setText(shown);
          if (shown !== value) onChange(shown);
        }}
        w={160}
      />
      <Text id={hintId} size="xs" c="dimmed">
        {t('form.colourHint')}
      </Text>
      <Group gap={6} role="group" aria-label={t('form.recommendedPalette')}>
        {RECOMMENDED_COLORS.map((c) => (
          <Swatch key={c} color={c} selected={c === value} disabled={disabled} onPick={pick} />
        ))}
        <Popover
          opened={quickOpen}
          onChange={setQuickOpen}
          position="bottom-start"
          shadow="md"
          withinPortal
          trapFocus
        >
          <Popover.Target>
            <Tooltip label={t('form.quickPalette')} withinPortal>
              <ActionIcon
                variant="default"
                size={28}
                radius="xl"
                disabled={disabled}
                aria-label={t('form.openQuickPalette')}
                aria-expanded={quickOpen}
                onClick={() => setQuickOpen((o) => !o)}
              >
                <IconPalette size={16} />
              </ActionIcon>
            </Tooltip>
          </Popover.Target>
          <Popover.Dropdown>
            <SimpleGrid cols={6} spacing={6} role="group" aria-label={t('form.quickPalette')}>
              {QUICK_COLORS.map((c) => (
                <Swatch key={c} color={c} selected={c === value} onPick={pick} inPopover />
              ))}
            </SimpleGrid>
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Stack>
  );
}

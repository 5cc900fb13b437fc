/**
 * The designer's list of segments (decisions D67): one card per segment with its kind, title, planned
 * minutes and description; moved with up and down buttons (a keyboard and a screen reader can do it,
 * and a move is one swap); added by kind from the menu below the list.
 */
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  SEGMENT_DESCRIPTION_MAX,
  SEGMENT_KIND_IDS,
  SEGMENT_KINDS,
  SEGMENT_MINUTES_MAX,
  SEGMENT_TITLE_MAX,
  type SegmentKind,
  totalMinutes,
} from '@tandem/shared/agendas/agendas';
import { useTranslation } from 'react-i18next';
import { type DraftSegment, newDraftSegment } from '../utils/draft.ts';
import { SegmentIconMark } from './segment-icon.tsx';

interface Props {
  segments: DraftSegment[];
  onChange: (segments: DraftSegment[]) => void;
}

export function SegmentsEditor({ segments, onChange }: Props) {
  const { t } = useTranslation('agendas');
  const set = (i: number, patch: Partial<DraftSegment>) =>
    onChange(segments.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...segments];
    const [s] = next.splice(i, 1);
    next.splice(i + by, 0, s!);
    onChange(next);
  };
  const kindOptions = SEGMENT_KIND_IDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }));

  return (
    <Stack gap="sm">
      {segments.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('designer.noSegments')}
        </Text>
      )}
      {segments.map((s, i) => (
        <Paper
          key={s.key}
          withBorder
          p="sm"
          data-testid="segment-card"
          aria-label={`${i + 1}. ${s.title || t(`kinds.${s.segmentTemplate}`)}`}
        >
          <Group align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={4} align="center" pt={4}>
              <Text fw={700} size="sm" c="dimmed">
                {i + 1}
              </Text>
              <SegmentIconMark icon={s.icon} />
            </Stack>
            <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label={t('designer.kind')}
                  data={kindOptions}
                  value={s.segmentTemplate}
                  allowDeselect={false}
                  w={170}
                  onChange={(v) => {
                    if (!v) return;
                    const kind = v as SegmentKind;
                    set(i, {
                      segmentTemplate: kind,
                      name: SEGMENT_KINDS[kind].name,
                      icon: SEGMENT_KINDS[kind].icon,
                    });
                  }}
                />
                <TextInput
                  label={t('designer.segmentTitle')}
                  value={s.title}
                  maxLength={SEGMENT_TITLE_MAX}
                  style={{ flex: 1, minWidth: 180 }}
                  onChange={(e) => set(i, { title: e.currentTarget.value })}
                />
                <NumberInput
                  label={t('designer.minutes')}
                  value={s.minutes}
                  min={1}
                  max={SEGMENT_MINUTES_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  w={100}
                  onChange={(v) => set(i, { minutes: typeof v === 'number' && v >= 1 ? v : 1 })}
                />
              </Group>
              <Textarea
                label={t('designer.description')}
                value={s.description}
                maxLength={SEGMENT_DESCRIPTION_MAX}
                autosize
                minRows={1}
                maxRows={6}
                onChange={(e) => set(i, { description: e.currentTarget.value })}
              />
            </Stack>
            <Stack gap={4}>
              <ActionIcon
                variant="subtle"
                aria-label={t('designer.moveUp')}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('designer.moveDown')}
                disabled={i === segments.length - 1}
                onClick={() => move(i, 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('designer.remove')}
                onClick={() => onChange(segments.filter((_, k) => k !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Stack>
          </Group>
        </Paper>
      ))}
      <Group justify="space-between">
        <Menu position="bottom-start">
          <Menu.Target>
            <Button variant="light" leftSection={<IconPlus size={16} />}>
              {t('designer.addSegment')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {SEGMENT_KIND_IDS.map((k) => (
              <Menu.Item
                key={k}
                leftSection={<SegmentIconMark icon={SEGMENT_KINDS[k].icon} />}
                onClick={() => onChange([...segments, newDraftSegment(k)])}
              >
                {t(`kinds.${k}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Text size="sm" c="dimmed">
          {t('designer.total', { count: totalMinutes(segments) })}
        </Text>
      </Group>
    </Stack>
  );
}

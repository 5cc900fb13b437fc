/** A segment's icon (shared SEGMENT_ICONS), drawn with the app's icon set. */
import { ThemeIcon } from '@mantine/core';
import {
  IconBulb,
  IconCalendar,
  IconChecklist,
  IconCoffee,
  IconFlag,
  IconGavel,
  IconList,
  IconMessage,
  IconMessages,
  IconStar,
  IconTarget,
  IconUsers,
} from '@tabler/icons-react';
import type { SegmentIcon } from '@tandem/shared/agendas/agendas';

const ICONS = {
  message: IconMessage,
  users: IconUsers,
  list: IconList,
  messages: IconMessages,
  gavel: IconGavel,
  checklist: IconChecklist,
  coffee: IconCoffee,
  flag: IconFlag,
  bulb: IconBulb,
  target: IconTarget,
  calendar: IconCalendar,
  star: IconStar,
} as const satisfies Record<SegmentIcon, unknown>;

export function SegmentIconMark({ icon, size = 24 }: { icon: SegmentIcon; size?: number }) {
  const Icon = ICONS[icon];
  return (
    <ThemeIcon variant="light" size={size} radius="sm" aria-hidden>
      <Icon size={Math.round(size * 0.66)} />
    </ThemeIcon>
  );
}

/**
 * The status pie chart (spec 000 §2), in its own chunk: recharts loads only when a list with tasks
 * is shown. The legend and counts are drawn by the caller as text; the chart is the picture of them.
 */
import { useMantineTheme } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { TaskStatusId } from '@tandem/shared/tasks/constants';
import { Pie, PieChart, Tooltip } from 'recharts';
import type { StatusSlice } from '../utils/status-counts.ts';
import { STATUS_COLOURS } from './status-badge.tsx';

export default function StatusPieChart({
  slices,
  label,
}: {
  slices: ReadonlyArray<StatusSlice & { label: string }>;
  label: string;
}) {
  const theme = useMantineTheme();
  const reduced = useReducedMotion();
  const data = slices.map((s) => ({
    name: s.label,
    value: s.count,
    fill: theme.colors[STATUS_COLOURS[s.status as TaskStatusId] ?? 'gray']![6],
  }));
  return (
    <PieChart responsive style={{ width: '100%', height: 220 }} desc={label}>
      <Pie
        data={data}
        dataKey="value"
        nameKey="name"
        innerRadius="55%"
        outerRadius="90%"
        paddingAngle={data.length > 1 ? 2 : 0}
        stroke="var(--mantine-color-body)"
        isAnimationActive={!reduced}
      />
      <Tooltip
        contentStyle={{
          background: 'var(--mantine-color-body)',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 8,
          color: 'var(--mantine-color-text)',
        }}
        itemStyle={{ color: 'var(--mantine-color-text)' }}
      />
    </PieChart>
  );
}

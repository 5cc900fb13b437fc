/**
 * The task report's chart (spec 002 §3 task report, §9 axis and rounding), in its own chunk:
 * recharts loads only when the report tab is opened. One line per number field, by day.
 */
import { useMantineTheme } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { CustomField } from '@tandem/shared/custom-fields/rules';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

export interface ReportPoint {
  date: string;
  [fieldId: string]: number | string | null;
}

const COLOURS = ['blue', 'teal', 'grape', 'orange', 'red', 'indigo'] as const;
/** Spec 002 §9: the day axis reads YYYY/MM/DD. */
const dayLabel = (d: string) => d.replaceAll('-', '/');

export default function ReportChart({
  points,
  fields,
  label,
}: {
  points: ReportPoint[];
  fields: CustomField[];
  label: string;
}) {
  const theme = useMantineTheme();
  const reduced = useReducedMotion();
  return (
    <LineChart
      responsive
      style={{ width: '100%', height: 260 }}
      data={points}
      desc={label}
      margin={{ top: 8, right: 32, bottom: 8, left: 0 }}
    >
      <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-default-border)" />
      <XAxis dataKey="date" tickFormatter={dayLabel} stroke="var(--mantine-color-dimmed)" />
      <YAxis stroke="var(--mantine-color-dimmed)" domain={['auto', 'auto']} width={48} />
      <Tooltip
        labelFormatter={(d) => dayLabel(String(d))}
        formatter={(v) => (typeof v === 'number' ? v.toFixed(1) : String(v))}
        contentStyle={{
          background: 'var(--mantine-color-body)',
          border: '1px solid var(--mantine-color-default-border)',
        }}
      />
      <Legend />
      {fields.map((f, i) => (
        <Line
          key={f.id}
          type="monotone"
          dataKey={f.id}
          name={f.label}
          stroke={theme.colors[COLOURS[i % COLOURS.length]!]![6]}
          strokeWidth={2}
          connectNulls
          isAnimationActive={!reduced}
        />
      ))}
    </LineChart>
  );
}

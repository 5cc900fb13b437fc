/**
 * A routine or trend report as a chart (spec 002 §2): bars on a time axis labelled by period (the
 * server sends the labels, spec 002 §9), a tooltip per bucket. A routine is its completion percentage
 * (0–100, 2 decimals) with "done of due" in the tooltip; a trend is created against completed.
 */
import '../i18n.ts';
import { useMantineTheme } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { SeriesAnswer } from '../api/reports.ts';
import { type SeriesRow, seriesNames, seriesRows } from '../utils/series.ts';

const COLOURS = ['blue', 'teal', 'grape', 'orange'] as const;

export function SeriesChart({ report }: { report: SeriesAnswer }) {
  const { t } = useTranslation('reports');
  const theme = useMantineTheme();
  const reduced = useReducedMotion();
  const rows = seriesRows(report.results);
  const names = seriesNames(report.results);
  const routine = report.reportType === 'routine';
  const label = (name: string) => t(`series.${name}`, { defaultValue: name });
  const tooltipStyle = {
    background: 'var(--mantine-color-body)',
    border: '1px solid var(--mantine-color-default-border)',
    borderRadius: 8,
    color: 'var(--mantine-color-text)',
  };
  return (
    <BarChart
      responsive
      data={rows}
      style={{ width: '100%', height: 320 }}
      desc={t(`chartLabel.${report.reportType}`)}
      margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
      data-testid="report-chart"
    >
      <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-default-border)" />
      <XAxis dataKey="key" tick={{ fill: 'var(--mantine-color-text)', fontSize: 12 }} />
      <YAxis
        allowDecimals={!routine}
        domain={routine ? [0, 100] : [0, 'auto']}
        unit={routine ? '%' : undefined}
        tick={{ fill: 'var(--mantine-color-text)', fontSize: 12 }}
        width={48}
      />
      <Tooltip
        contentStyle={tooltipStyle}
        itemStyle={{ color: 'var(--mantine-color-text)' }}
        labelStyle={{ color: 'var(--mantine-color-text)' }}
        cursor={{ fill: 'var(--mantine-color-default-hover)' }}
        formatter={(value, name, item) => {
          const row = item.payload as SeriesRow;
          if (routine)
            return [
              t('tooltip.routine', { value, done: row.done ?? 0, due: row.due ?? 0 }),
              label(String(name)),
            ];
          return [value, label(String(name))];
        }}
      />
      {names.length > 1 && <Legend formatter={(name) => label(String(name))} />}
      {names.map((name, i) => (
        <Bar
          key={name}
          dataKey={name}
          name={name}
          fill={theme.colors[COLOURS[i % COLOURS.length]!]![6]}
          isAnimationActive={!reduced}
          radius={[3, 3, 0, 0]}
        />
      ))}
    </BarChart>
  );
}

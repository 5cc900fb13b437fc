/** The grid's filters: rows of column, condition (only those the column takes) and value. */
import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { gridColumn, isValueless, operatorsOf } from '@tandem/shared/grid/columns';
import type { GridData, GridFilter } from '@tandem/shared/grid/schemas';
import { useTranslation } from 'react-i18next';

/** A typed value as the filter sends it: numbers and enum ids as numbers, yes/no as booleans. */
function typedValue(column: string, text: string): GridFilter['value'] {
  const def = gridColumn(column);
  if (def?.type === 'boolean') return text === 'true';
  if (def?.type === 'number' || (def?.type === 'enum' && typeof def.options?.[0]?.value === 'number'))
    return text === '' || Number.isNaN(Number(text)) ? text : Number(text);
  return text;
}

export function FiltersEditor({
  data,
  columns,
  onChange,
}: {
  data: GridData;
  columns: Array<{ name: string; label: string }>;
  onChange: (d: GridData) => void;
}) {
  const { t } = useTranslation('grid');
  const set = (filters: GridFilter[]) => onChange({ ...data, filters });
  const change = (i: number, patch: Partial<GridFilter>) =>
    set(data.filters.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <Stack gap="xs" miw={320}>
      {data.filters.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('toolbar.noFilters')}
        </Text>
      )}
      {data.filters.map((f, i) => {
        const def = gridColumn(f.column);
        const ops = operatorsOf(f.column);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: filters have no id; their place is their identity
          <Group key={i} gap="xs" wrap="nowrap" align="flex-end" data-testid="grid-filter">
            <NativeSelect
              size="xs"
              label={t('toolbar.column')}
              value={f.column}
              data={columns.map((c) => ({ value: c.name, label: c.label }))}
              onChange={(e) => {
                const column = e.currentTarget.value;
                change(i, { column, operator: operatorsOf(column)[0]!, value: null });
              }}
            />
            <NativeSelect
              size="xs"
              label={t('toolbar.operator')}
              value={f.operator}
              data={ops.map((op) => ({ value: op, label: t(`operators.${op}` as 'operators.equal') }))}
              onChange={(e) => change(i, { operator: e.currentTarget.value })}
            />
            {!isValueless(f.operator) &&
              (def?.type === 'enum' || def?.type === 'boolean' ? (
                <NativeSelect
                  size="xs"
                  label={t('toolbar.value')}
                  value={f.value === null ? '' : String(f.value)}
                  data={[
                    { value: '', label: '—' },
                    ...(def.type === 'boolean'
                      ? [
                          { value: 'true', label: t('yes') },
                          { value: 'false', label: t('no') },
                        ]
                      : (def.options ?? []).map((o) => ({ value: String(o.value), label: o.title }))),
                  ]}
                  onChange={(e) => change(i, { value: typedValue(f.column, e.currentTarget.value) })}
                />
              ) : (
                <TextInput
                  size="xs"
                  label={t('toolbar.value')}
                  type={def?.type === 'date' ? 'date' : def?.type === 'number' ? 'number' : 'text'}
                  value={f.value === null ? '' : String(f.value)}
                  onChange={(e) => change(i, { value: typedValue(f.column, e.currentTarget.value) })}
                />
              ))}
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('toolbar.removeFilter')}
              onClick={() => set(data.filters.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() => set([...data.filters, { column: 'title', operator: 'contains', value: null }])}
      >
        {t('toolbar.addFilter')}
      </Button>
    </Stack>
  );
}

/**
 * The grid's columns panel: order by drag (dnd-kit, keyboard too), shown or hidden, width 100–250
 * and word wrap per column (spec 001 §3 tableColumnExtensions).
 */
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Checkbox, Group, NumberInput, ScrollArea, Stack, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { type GridData, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from '@tandem/shared/grid/schemas';
import { useTranslation } from 'react-i18next';

const DEFAULT_WIDTH = 150;

function ColumnRow({
  name,
  label,
  data,
  onChange,
}: {
  name: string;
  label: string;
  data: GridData;
  onChange: (d: GridData) => void;
}) {
  const { t } = useTranslation('grid');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({
    id: name,
  });
  const ext = data.tableColumnExtensions.find((e) => e.columnName === name);
  const hidden = data.hiddenColumnNames.includes(name);
  const setExt = (patch: { width?: number; wordWrapEnabled?: boolean }) => {
    const next = {
      columnName: name,
      width: ext?.width ?? DEFAULT_WIDTH,
      wordWrapEnabled: false,
      ...ext,
      ...patch,
    };
    onChange({
      ...data,
      tableColumnExtensions: [...data.tableColumnExtensions.filter((e) => e.columnName !== name), next],
    });
  };
  return (
    <Group
      ref={setNodeRef}
      gap="xs"
      wrap="nowrap"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={`grid-column-${name}`}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        aria-label={t('toolbar.dragColumn', { column: label })}
        {...attributes}
        {...listeners}
      >
        <IconGripVertical size={16} />
      </ActionIcon>
      <Checkbox
        style={{ flex: 1 }}
        label={label}
        checked={!hidden}
        onChange={(e) =>
          onChange({
            ...data,
            hiddenColumnNames: e.currentTarget.checked
              ? data.hiddenColumnNames.filter((c) => c !== name)
              : [...data.hiddenColumnNames, name],
          })
        }
      />
      <NumberInput
        size="xs"
        w={80}
        aria-label={`${t('toolbar.width')}: ${label}`}
        min={MIN_COLUMN_WIDTH}
        max={MAX_COLUMN_WIDTH}
        clampBehavior="blur"
        value={ext?.width ?? DEFAULT_WIDTH}
        onChange={(v) => {
          const n = Number(v);
          if (Number.isInteger(n) && n >= MIN_COLUMN_WIDTH && n <= MAX_COLUMN_WIDTH) setExt({ width: n });
        }}
      />
      <Checkbox
        size="xs"
        aria-label={`${t('toolbar.wrap')}: ${label}`}
        checked={ext?.wordWrapEnabled ?? false}
        onChange={(e) => setExt({ wordWrapEnabled: e.currentTarget.checked })}
      />
    </Group>
  );
}

export function ColumnSettings({
  data,
  labels,
  onChange,
}: {
  data: GridData;
  labels: Map<string, string>;
  onChange: (d: GridData) => void;
}) {
  const { t } = useTranslation('grid');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const order = data.columnOrder;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange({
      ...data,
      columnOrder: arrayMove(order, order.indexOf(String(active.id)), order.indexOf(String(over.id))),
    });
  };
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('toolbar.visible')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('toolbar.width')} · {t('toolbar.wrap')}
        </Text>
      </Group>
      <ScrollArea.Autosize mah={360}>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={order} strategy={verticalListSortingStrategy}>
            <Stack gap={4}>
              {order.map((name) => (
                <ColumnRow
                  key={name}
                  name={name}
                  label={labels.get(name) ?? name}
                  data={data}
                  onChange={onChange}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      </ScrollArea.Autosize>
    </Stack>
  );
}

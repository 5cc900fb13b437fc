/**
 * The header's group filter (spec 001 §2, §3): a chip per active group, the ones that do not fit in a
 * '+N more' menu, a category selector with select-all and unselect-all, and a link to the group
 * settings. The choice is preferences.selectedGroups (empty: every group), saved optimistically.
 * Below 1024 px the chips give way to the selector, whose menu then lists the groups too.
 * Loaded lazily: it brings the group icon set, which the start-up path does without.
 */
import { ActionIcon, Box, Button, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconChevronDown, IconFilter, IconSettings } from '@tabler/icons-react';
import type { CategoryView, GroupView } from '@tandem/shared/groups/views';
import {
  sameIds,
  selectAllGroups,
  selectCategory,
  selectionFrom,
  toggleGroup,
  unselectAllGroups,
} from '@tandem/shared/tasks/selection';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { settingsPath } from '../../config/paths.ts';
import { useCategories } from '../../features/categories/api/list-categories.ts';
import { useGroups } from '../../features/groups/api/list-groups.ts';
import { saveSelectedGroups } from '../../features/groups/api/save-selected-groups.ts';
import { GroupMark } from '../../features/groups/components/group-mark.tsx';
import { notifyFailure } from '../../features/groups/utils/failure.ts';
import { isArchived } from '../../features/groups/utils/group-state.ts';
import { useUserConfig } from '../../lib/user/get-user-config.ts';
import { splitChips } from './group-filter-split.ts';

const GAP = 6;
const CHIP_MAX_WIDTH = 180;

export default function GroupFilter() {
  const { t } = useTranslation('groups');
  const wide = useMediaQuery('(min-width: 64em)', true, { getInitialValueInEffect: false });
  const { data: groupList } = useGroups();
  const { data: config } = useUserConfig();
  const { data: categories } = useCategories();

  const groups = (groupList?.results ?? []).filter((g) => !isArchived(g));
  const activeIds = groups.map((g) => g.id);
  // The selection rule (empty: every group; groups no longer visible dropped) is the shared one.
  const selected = [...selectionFrom(config?.preferences, activeIds).groups];
  const filtered = selected.length > 0;

  const save = (next: string[]) => {
    if (sameIds(next, selected)) return;
    saveSelectedGroups(next).catch((err) => notifyFailure(t('filter.saveFailed'), err, t('errors.generic')));
  };
  const toggle = (id: string) => save(toggleGroup(selected, id, activeIds));

  const current = categories?.find((c) => {
    const ids = selectCategory(c.categoryGroups, activeIds);
    return ids.length > 0 && filtered && sameIds(ids, selected);
  });
  const summary = !filtered
    ? t('filter.allGroups')
    : current
      ? current.title
      : t('filter.someGroups', { count: selected.length });

  if (!groupList) return null;

  return (
    <Box
      role="group"
      aria-label={t('filter.label')}
      style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0, flex: 1 }}
    >
      {wide && <GroupChips groups={groups} selected={selected} filtered={filtered} onToggle={toggle} />}
      <CategorySelector
        wide={!!wide}
        summary={summary}
        categories={categories ?? []}
        current={current}
        groups={groups}
        selected={selected}
        onPickCategory={(c) => save(selectCategory(c.categoryGroups, activeIds))}
        onSelectAll={() => save(selectAllGroups(activeIds))}
        onUnselectAll={() => save(unselectAllGroups())}
        onToggle={toggle}
      />
      <Tooltip label={t('filter.manage')} withinPortal>
        <ActionIcon
          component={Link}
          to={settingsPath('groups')}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('filter.manage')}
        >
          <IconSettings size={18} />
        </ActionIcon>
      </Tooltip>
    </Box>
  );
}

function chipStyle(color: string, on: boolean): CSSProperties {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 6,
    height: 30,
    maxWidth: CHIP_MAX_WIDTH,
    padding: '0 10px 0 4px',
    borderRadius: 999,
    border: `1px solid ${on ? color : 'var(--mantine-color-default-border)'}`,
    background: on ? `color-mix(in srgb, ${color} 20%, transparent)` : 'transparent',
    whiteSpace: 'nowrap',
    flex: '0 0 auto',
  };
}

function ChipBody({ group }: { group: GroupView }) {
  return (
    <>
      <GroupMark color={group.metadata.color} icon={group.metadata.icon} size={22} />
      <Text span size="sm" fw={500} truncate>
        {group.title}
      </Text>
    </>
  );
}

function GroupChips({
  groups,
  selected,
  filtered,
  onToggle,
}: {
  groups: GroupView[];
  selected: string[];
  filtered: boolean;
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation('groups');
  const { ref: rowRef, width } = useElementSize();
  const measureRef = useRef<HTMLDivElement>(null);
  const [widths, setWidths] = useState<number[]>([]);
  const [moreWidth, setMoreWidth] = useState(0);
  const key = groups.map((g) => `${g.id}:${g.title}`).join('|');

  // Chips are measured once drawn off-screen; their width does not depend on being selected. After the
  // paint (not in a layout effect), when the page's layout is already done: reading the widths then
  // costs no extra layout of the whole page in the first screen's commit (D65).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what changes the widths
  useEffect(() => {
    const el = measureRef.current;
    if (!el) return;
    const items = [...el.querySelectorAll<HTMLElement>('[data-measure="chip"]')];
    setWidths(items.map((i) => i.offsetWidth));
    setMoreWidth(el.querySelector<HTMLElement>('[data-measure="more"]')?.offsetWidth ?? 0);
  }, [key]);

  const split =
    width > 0 && widths.length === groups.length
      ? splitChips(widths, width, { gap: GAP, moreWidth: moreWidth + GAP })
      : { visible: 0, hidden: 0 };
  const shown = groups.slice(0, split.visible);
  const hidden = groups.slice(split.visible);
  const isOn = (id: string) => filtered && selected.includes(id);

  return (
    <Box style={{ position: 'relative', flex: 1, minWidth: 0, overflow: 'hidden' }}>
      <Box
        aria-hidden
        ref={measureRef}
        style={{
          position: 'absolute',
          visibility: 'hidden',
          pointerEvents: 'none',
          display: 'flex',
          gap: GAP,
          top: 0,
          left: 0,
        }}
      >
        {groups.map((g) => (
          <span key={g.id} data-measure="chip" style={chipStyle(g.metadata.color, false)}>
            <ChipBody group={g} />
          </span>
        ))}
        <span data-measure="more" style={{ whiteSpace: 'nowrap' }}>
          <Button size="compact-sm" variant="default" component="span">
            {t('filter.more', { count: groups.length })}
          </Button>
        </span>
      </Box>
      <Box ref={rowRef} style={{ display: 'flex', alignItems: 'center', gap: GAP, minWidth: 0 }}>
        {shown.map((g) => (
          <Tooltip key={g.id} label={g.title} openDelay={500} withinPortal disabled={g.title.length < 18}>
            <UnstyledButton
              aria-pressed={isOn(g.id)}
              onClick={() => onToggle(g.id)}
              style={chipStyle(g.metadata.color, isOn(g.id))}
            >
              <ChipBody group={g} />
            </UnstyledButton>
          </Tooltip>
        ))}
        {hidden.length > 0 && (
          <Menu closeOnItemClick={false} position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <Button
                size="compact-sm"
                // Selected groups among the hidden ones tint the button, so a filter is never invisible.
                variant={hidden.some((g) => isOn(g.id)) ? 'light' : 'default'}
                style={{ flex: '0 0 auto' }}
              >
                {t('filter.more', { count: hidden.length })}
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
              {hidden.map((g) => (
                <Menu.CheckboxItem key={g.id} checked={isOn(g.id)} onChange={() => onToggle(g.id)}>
                  <GroupItemLabel group={g} />
                </Menu.CheckboxItem>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Box>
    </Box>
  );
}

function GroupItemLabel({ group }: { group: { title: string; metadata: { color: string; icon: string } } }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <GroupMark color={group.metadata.color} icon={group.metadata.icon} size={20} />
      {group.title}
    </span>
  );
}

function CategorySelector({
  wide,
  summary,
  categories,
  current,
  groups,
  selected,
  onPickCategory,
  onSelectAll,
  onUnselectAll,
  onToggle,
}: {
  wide: boolean;
  summary: string;
  categories: CategoryView[];
  current: CategoryView | undefined;
  groups: GroupView[];
  selected: string[];
  onPickCategory: (c: CategoryView) => void;
  onSelectAll: () => void;
  onUnselectAll: () => void;
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation('groups');
  const label = t('filter.selector', { summary });
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260}>
      <Menu.Target>
        {wide ? (
          <Button
            variant="default"
            size="compact-md"
            leftSection={<IconFilter size={16} />}
            rightSection={<IconChevronDown size={14} />}
            aria-label={label}
            style={{ flex: '0 0 auto', maxWidth: 200 }}
          >
            <Text span size="sm" truncate>
              {summary}
            </Text>
          </Button>
        ) : (
          <ActionIcon
            variant={selected.length > 0 ? 'light' : 'subtle'}
            color={selected.length > 0 ? 'blue' : 'gray'}
            size="lg"
            aria-label={label}
          >
            <IconFilter size={18} />
          </ActionIcon>
        )}
      </Menu.Target>
      <Menu.Dropdown mah="70vh" style={{ overflowY: 'auto' }}>
        <Menu.Label>{t('filter.categories')}</Menu.Label>
        {categories.length === 0 ? (
          <Menu.Item component={Link} to={settingsPath('groups')}>
            {t('filter.noCategories')}
          </Menu.Item>
        ) : (
          categories.map((c) => (
            <Menu.Item
              key={c.id}
              onClick={() => onPickCategory(c)}
              leftSection={<GroupMark color={c.metadata.color} icon={c.metadata.icon} size={20} />}
              rightSection={current?.id === c.id ? <IconCheck size={14} /> : null}
              aria-current={current?.id === c.id || undefined}
            >
              {c.title}
            </Menu.Item>
          ))
        )}
        <Menu.Divider />
        <Menu.Item onClick={onSelectAll}>{t('filter.selectAll')}</Menu.Item>
        <Menu.Item onClick={onUnselectAll}>{t('filter.unselectAll')}</Menu.Item>
        {!wide && groups.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('filter.groups')}</Menu.Label>
            {groups.map((g) => (
              <Menu.CheckboxItem
                key={g.id}
                checked={selected.includes(g.id)}
                onChange={() => onToggle(g.id)}
                closeMenuOnClick={false}
              >
                <GroupItemLabel group={g} />
              </Menu.CheckboxItem>
            ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

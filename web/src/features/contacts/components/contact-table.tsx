/**
 * The contacts and companies lists as tables: a check box a row (and one for the page), the name
 * opening the detail, the group links as chips. Wide columns give way first on a narrow screen.
 */
import { Anchor, Checkbox, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CompanyView, ContactView } from '@tandem/shared/contacts/views';
import { useTranslation } from 'react-i18next';
import { displayName } from '../utils/form.ts';
import { GroupLinks } from './group-links.tsx';

/** The open row: a bar at its start, so its text keeps the table's contrast. */
const OPEN_ROW = { boxShadow: 'inset 3px 0 0 var(--mantine-primary-color-filled)' };

interface Selection {
  selected: readonly string[];
  onSelect: (ids: string[]) => void;
}

function useSelectAll(ids: string[], { selected, onSelect }: Selection) {
  const onPage = ids.filter((id) => selected.includes(id)).length;
  return {
    all: ids.length > 0 && onPage === ids.length,
    some: onPage > 0 && onPage < ids.length,
    toggleAll: () =>
      onSelect(
        onPage === ids.length
          ? selected.filter((id) => !ids.includes(id))
          : [...new Set([...selected, ...ids])],
      ),
    toggle: (id: string) =>
      onSelect(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]),
  };
}

export function ContactTable({
  contacts,
  openId,
  onOpen,
  compact,
  ...selection
}: Selection & {
  contacts: ContactView[];
  openId: string | null;
  onOpen: (id: string) => void;
  /** A detail is beside the list: the main columns only. */
  compact: boolean;
}) {
  const { t } = useTranslation('contacts');
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false }) && !compact;
  const s = useSelectAll(
    contacts.map((c) => c.id),
    selection,
  );
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table highlightOnHover verticalSpacing="xs" data-testid="contact-table">
        <Table.Thead>
          <Table.Tr>
            <SelectAllCell label={t('columns.selectAll')} state={s} />
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.email')}</Table.Th>
            {wide && <Table.Th>{t('columns.phone')}</Table.Th>}
            {wide && <Table.Th>{t('columns.company')}</Table.Th>}
            {wide && <Table.Th>{t('columns.groups')}</Table.Th>}
            <Table.Th ta="right">{t('columns.tasks')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((c) => {
            const name = displayName(c) || '—';
            return (
              <Table.Tr
                key={c.id}
                data-testid="contact-row"
                aria-current={openId === c.id ? 'true' : undefined}
                style={openId === c.id ? OPEN_ROW : undefined}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={t('columns.select', { name })}
                    checked={selection.selected.includes(c.id)}
                    onChange={() => s.toggle(c.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor component="button" type="button" fw={500} onClick={() => onOpen(c.id)} ta="left">
                    {name}
                  </Anchor>
                  {c.title && (
                    <Text size="xs" c="dimmed">
                      {c.title}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.emails[0]?.value ?? ''}</Table.Td>
                {wide && <Table.Td>{c.phones[0]?.value ?? ''}</Table.Td>}
                {wide && <Table.Td>{c.companyName}</Table.Td>}
                {wide && (
                  <Table.Td>
                    <GroupLinks links={c.groups} size="xs" />
                  </Table.Td>
                )}
                <Table.Td ta="right">{c.taskCount}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function CompanyTable({
  companies,
  openId,
  onOpen,
  compact,
  ...selection
}: Selection & {
  companies: CompanyView[];
  openId: string | null;
  onOpen: (id: string) => void;
  compact: boolean;
}) {
  const { t } = useTranslation('contacts');
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false }) && !compact;
  const s = useSelectAll(
    companies.map((c) => String(c.id)),
    selection,
  );
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table highlightOnHover verticalSpacing="xs" data-testid="company-table">
        <Table.Thead>
          <Table.Tr>
            <SelectAllCell label={t('columns.selectAll')} state={s} />
            <Table.Th>{t('columns.name')}</Table.Th>
            {wide && <Table.Th>{t('columns.phone')}</Table.Th>}
            {wide && <Table.Th>{t('columns.city')}</Table.Th>}
            {wide && <Table.Th>{t('columns.groups')}</Table.Th>}
            <Table.Th ta="right">{t('columns.contacts')}</Table.Th>
            <Table.Th ta="right">{t('columns.tasks')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {companies.map((c) => {
            const id = String(c.id);
            return (
              <Table.Tr
                key={id}
                data-testid="company-row"
                aria-current={openId === id ? 'true' : undefined}
                style={openId === id ? OPEN_ROW : undefined}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={t('columns.select', { name: c.name })}
                    checked={selection.selected.includes(id)}
                    onChange={() => s.toggle(id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor component="button" type="button" fw={500} onClick={() => onOpen(id)} ta="left">
                    {c.name}
                  </Anchor>
                </Table.Td>
                {wide && <Table.Td>{c.phone}</Table.Td>}
                {wide && <Table.Td>{c.address.city}</Table.Td>}
                {wide && (
                  <Table.Td>
                    <GroupLinks links={c.groups} size="xs" />
                  </Table.Td>
                )}
                <Table.Td ta="right">{c.contactCount}</Table.Td>
                <Table.Td ta="right">{c.taskCount}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The header cell that selects every row of the page, or none (some selected: indeterminate). */
function SelectAllCell({ label, state }: { label: string; state: ReturnType<typeof useSelectAll> }) {
  return (
    <Table.Th w={40}>
      <Checkbox
        aria-label={label}
        checked={state.all}
        indeterminate={state.some}
        onChange={state.toggleAll}
      />
    </Table.Th>
  );
}

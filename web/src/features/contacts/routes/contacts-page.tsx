/**
 * /contacts (spec 001 §2): the tabs 'contacts' and 'companies' (switching clears the selection),
 * each a list paged by 50 with its ordering and group filter, the contact search, bulk actions on
 * the selection as the role allows (delete; merge for contacts; export), and the detail of one
 * contact or one company — never both — beside the list on a wide screen, as the page below 1024 px.
 * The tab and the open detail live in the address, so a detail can be linked and Back closes it.
 */
import {
  Box,
  Button,
  Group,
  Loader,
  Menu,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowMerge,
  IconArrowsExchange,
  IconChevronLeft,
  IconChevronRight,
  IconCopy,
  IconDownload,
  IconFileImport,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { COMPANY_ORDERINGS, CONTACT_ORDERINGS, CONTACT_RULES } from '@tandem/shared/contacts/rules';
import type { ContactView } from '@tandem/shared/contacts/views';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import {
  bulkCompanies,
  bulkContacts,
  cursorOf,
  type ListQuery,
  useCompanies,
  useCompanySearch,
  useContactSearch,
  useContacts,
} from '../api/contacts.ts';
import { allContacts, download, type ExportFormat, selectedContacts } from '../api/export.ts';
import { type BulkGroupAction, BulkGroupDialog } from '../components/bulk-group-dialog.tsx';
import { CompanyDetail } from '../components/company-detail.tsx';
import { CompanyFormModal } from '../components/company-form.tsx';
import { ConfirmDelete } from '../components/confirm-delete.tsx';
import { ContactDetail } from '../components/contact-detail.tsx';
import { ContactFormModal } from '../components/contact-form.tsx';
import { CompanyTable, ContactTable } from '../components/contact-table.tsx';
import { ImportDialog } from '../components/import-dialog.tsx';
import { LoadError } from '../components/load-error.tsx';
import { MergeDialog } from '../components/merge-dialog.tsx';
import { contactsErrorMessage } from '../utils/errors.ts';
import type { GroupChoice } from '../utils/form.ts';
import { contactRights } from '../utils/rights.ts';
import '../../../i18n/with-later-texts.ts';

type Tab = 'contacts' | 'companies';
const ORDERINGS: Record<Tab, string[]> = {
  contacts: CONTACT_ORDERINGS.flatMap((f) => [f, `-${f}`]),
  companies: COMPANY_ORDERINGS.flatMap((f) => [f, `-${f}`]),
};
const DEFAULT_ORDERING: Record<Tab, string> = { contacts: 'firstName', companies: 'name' };

/** The list's page: its number and the cursor each page was read with. */
function usePaging(reset: string) {
  const [state, setState] = useState({ reset, page: 1, cursors: {} as Record<number, string | undefined> });
  const s = state.reset === reset ? state : { reset, page: 1, cursors: {} };
  if (s !== state) setState(s);
  return {
    page: s.page,
    cursor: s.cursors[s.page],
    next: (next: string | null) =>
      setState({ ...s, page: s.page + 1, cursors: { ...s.cursors, [s.page + 1]: cursorOf(next) } }),
    previous: () => setState({ ...s, page: Math.max(1, s.page - 1) }),
  };
}

export default function ContactsPage() {
  const { t } = useTranslation('contacts');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'companies' ? 'companies' : 'contacts';
  const contactId = params.get('contact');
  const companyId = contactId ? null : params.get('company');
  const orderingParam = params.get('ordering') ?? '';
  const ordering = ORDERINGS[tab].includes(orderingParam) ? orderingParam : DEFAULT_ORDERING[tab];
  const group = params.get('group') ?? '';
  const wide = useMediaQuery('(min-width: 64em)', true, { getInitialValueInEffect: false });

  const set = (changes: Record<string, string | null>, replace = true) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes))
          if (v) next.set(k, v);
          else next.delete(k);
        return next;
      },
      { replace },
    );

  const groupsQuery = useGroups();
  const me = useAuthUser().data?.id;
  const activeGroups = (groupsQuery.data?.results ?? []).filter(
    (g) => g.status === 1 && g.memberStatus === 1,
  );
  const groups: GroupChoice[] = activeGroups.map((g) => ({
    id: g.id,
    title: g.title,
    color: g.metadata.color,
  }));
  const rights = useMemo(() => contactRights(activeGroups, me), [activeGroups, me]);
  const creatable = groups.filter((g) => rights.creatableGroups.includes(g.id));

  const [selected, setSelected] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const paging = usePaging(`${tab}|${ordering}|${group}`);
  const query: ListQuery = { ordering, group: group || undefined, page: paging.page, cursor: paging.cursor };
  const contacts = useContacts(query, tab === 'contacts');
  const companies = useCompanies(query, tab === 'companies');
  const found = useContactSearch(tab === 'contacts' ? q : '');
  const foundCompanies = useCompanySearch(tab === 'companies' ? q : '');
  const list = tab === 'contacts' ? contacts : companies;

  // Every contact read so far, for the merge dialog and an export of a selection across pages.
  const known = useRef(new Map<string, ContactView>());
  for (const c of [...(contacts.data?.results ?? []), ...(found.data?.results ?? [])])
    known.current.set(c.id, c);

  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [merging, setMerging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [bulkGroup, setBulkGroup] = useState<BulkGroupAction | null>(null);

  const switchTab = (next: string | null) => {
    if (next !== 'contacts' && next !== 'companies') return;
    setSelected([]);
    setSearch('');
    set({ tab: next === 'contacts' ? null : next, ordering: null });
  };
  const openContact = (id: string) => set({ contact: id, company: null }, false);
  const openCompany = (id: string) => set({ company: id, contact: null }, false);
  const closeDetail = () => set({ contact: null, company: null });

  const selectedItems =
    tab === 'contacts'
      ? selected.map((id) => known.current.get(id)).filter((c): c is ContactView => !!c)
      : [
          ...new Map(
            [...(companies.data?.results ?? []), ...(foundCompanies.data?.results ?? [])].map((c) => [
              String(c.id),
              c,
            ]),
          ).values(),
        ].filter((c) => selected.includes(String(c.id)));

  const exportContacts = async (format: ExportFormat, which: 'selected' | 'all') => {
    setExporting(true);
    try {
      const list =
        which === 'selected'
          ? await selectedContacts(selected, known.current)
          : await allContacts(ordering, group || undefined);
      download(list, format);
    } catch (err) {
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'red',
        title: t('errors.fetchContacts'),
        message: contactsErrorMessage(err),
      });
    } finally {
      setExporting(false);
    }
  };

  const searching = q !== '';
  const rows = searching ? (tab === 'contacts' ? found : foundCompanies) : list;
  const count = rows.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / CONTACT_RULES.pageSize));
  const detailOpen = !!(contactId || companyId);
  const detailProps = {
    groups,
    rights,
    onClose: closeDetail,
    onOpenCompany: openCompany,
    onOpenContact: openContact,
  };
  const detail = contactId ? (
    <ContactDetail key={`c${contactId}`} id={contactId} {...detailProps} />
  ) : companyId ? (
    <CompanyDetail key={`o${companyId}`} id={companyId} {...detailProps} />
  ) : null;

  const listBody = rows.error ? (
    <LoadError
      title={t(tab === 'contacts' ? 'errors.fetchContacts' : 'errors.fetchCompanies')}
      error={rows.error}
      onRetry={() => void rows.mutate()}
    />
  ) : !rows.data ? (
    <Group justify="center" p="lg">
      <Loader size="sm" aria-label={t('list.loading')} />
    </Group>
  ) : rows.data.results.length === 0 ? (
    <Text c="dimmed" ta="center" p="lg" data-testid="contacts-empty">
      {searching
        ? t(tab === 'contacts' ? 'empty.search' : 'empty.searchCompanies', { q })
        : t(tab === 'contacts' ? 'empty.contacts' : 'empty.companies')}
    </Text>
  ) : tab === 'contacts' ? (
    <ContactTable
      contacts={(searching ? found.data?.results : contacts.data?.results) ?? []}
      openId={contactId}
      onOpen={openContact}
      compact={detailOpen}
      selected={selected}
      onSelect={setSelected}
    />
  ) : (
    <CompanyTable
      companies={(searching ? foundCompanies.data?.results : companies.data?.results) ?? []}
      openId={companyId}
      onOpen={openCompany}
      compact={detailOpen}
      selected={selected}
      onSelect={setSelected}
    />
  );

  // Below 1024 px the open detail is the page; closing it (or Back) shows the list again.
  if (!wide && detail) return <Stack gap="sm">{detail}</Stack>;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2}>{t('title')}</Title>
        <Group gap="xs" wrap="wrap">
          {tab === 'contacts' && (
            <>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<IconDownload size={16} />}
                    loading={exporting}
                  >
                    {t('actions.export')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {selected.length > 0 && <Menu.Label>{t('actions.exportSelected')}</Menu.Label>}
                  {selected.length > 0 &&
                    (['vcard', 'csv'] as const).map((f) => (
                      <Menu.Item key={`s${f}`} onClick={() => void exportContacts(f, 'selected')}>
                        {t(`actions.${f}`)}
                      </Menu.Item>
                    ))}
                  <Menu.Label>{t('actions.exportAll')}</Menu.Label>
                  {(['vcard', 'csv'] as const).map((f) => (
                    <Menu.Item key={`a${f}`} onClick={() => void exportContacts(f, 'all')}>
                      {t(`actions.${f}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              {rights.canCreate && (
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconFileImport size={16} />}
                  onClick={() => setImporting(true)}
                >
                  {t('actions.import')}
                </Button>
              )}
            </>
          )}
          {rights.canCreate && (
            <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t(tab === 'contacts' ? 'actions.newContact' : 'actions.newCompany')}
            </Button>
          )}
        </Group>
      </Group>

      <Tabs value={tab} onChange={switchTab}>
        <Tabs.List>
          <Tabs.Tab value="contacts">{t('tabs.contacts')}</Tabs.Tab>
          <Tabs.Tab value="companies">{t('tabs.companies')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>

      <Box style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', alignItems: 'flex-start' }}>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap" align="flex-end">
            <TextInput
              style={{ flex: '1 1 220px' }}
              label={t(tab === 'contacts' ? 'list.search' : 'list.searchCompanies')}
              placeholder={t(
                tab === 'contacts' ? 'list.searchPlaceholder' : 'list.searchCompaniesPlaceholder',
              )}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              type="search"
            />
            <Select
              style={{ flex: '1 1 150px', maxWidth: 220 }}
              label={t('list.group')}
              data={[
                { value: '', label: t('list.allGroups') },
                ...groups.map((g) => ({ value: g.id, label: g.title })),
              ]}
              value={group}
              onChange={(v) => set({ group: v || null })}
              allowDeselect={false}
              disabled={searching}
            />
            <Select
              style={{ flex: '1 1 150px', maxWidth: 220 }}
              label={t('list.ordering')}
              data={ORDERINGS[tab].map((o) => ({ value: o, label: t(`orderings.${o}` as 'orderings.name') }))}
              value={ordering}
              onChange={(v) => set({ ordering: v === DEFAULT_ORDERING[tab] ? null : v })}
              allowDeselect={false}
              disabled={searching}
            />
          </Group>

          {selected.length > 0 && (
            <Paper withBorder p="xs" data-testid="selection-bar">
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={500}>
                  {t('list.selected', { count: selected.length })}
                </Text>
                {tab === 'contacts' && rights.canMerge(selectedItems) && (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconArrowMerge size={14} />}
                    onClick={() => setMerging(true)}
                  >
                    {t('actions.merge')}
                  </Button>
                )}
                {(['move', 'copy'] as const).map(
                  (action) =>
                    rights.canBulkGroup(action, selectedItems) && (
                      <Button
                        key={action}
                        size="xs"
                        variant="default"
                        leftSection={
                          action === 'move' ? <IconArrowsExchange size={14} /> : <IconCopy size={14} />
                        }
                        onClick={() => setBulkGroup(action)}
                      >
                        {t(`actions.${action}`)}
                      </Button>
                    ),
                )}
                {rights.canDeleteAll(selectedItems) && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => setDeleting(true)}
                  >
                    {t('actions.delete')}
                  </Button>
                )}
                <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
                  {t('actions.clearSelection')}
                </Button>
              </Group>
            </Paper>
          )}

          <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
            {listBody}
          </Paper>

          {!searching && rows.data && count > 0 && (
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {t(tab === 'contacts' ? 'list.total' : 'list.companiesTotal', { count })}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t('actions.previous')}
                  disabled={paging.page <= 1}
                  onClick={paging.previous}
                >
                  <IconChevronLeft size={16} />
                </Button>
                <Text size="sm">{t('list.page', { page: paging.page, pages })}</Text>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t('actions.next')}
                  disabled={!rows.data.next}
                  onClick={() => paging.next(rows.data?.next ?? null)}
                >
                  <IconChevronRight size={16} />
                </Button>
              </Group>
            </Group>
          )}
        </Stack>

        {wide && detailOpen && (
          <Paper
            withBorder
            p="md"
            style={{ flex: '0 0 min(440px, 40%)', position: 'sticky', top: 'var(--mantine-spacing-md)' }}
          >
            {detail}
          </Paper>
        )}
      </Box>

      <ContactFormModal
        opened={creating && tab === 'contacts'}
        onClose={() => setCreating(false)}
        groups={creatable}
        onSaved={(c) => openContact(c.id)}
        onOpenContact={(id) => {
          setCreating(false);
          openContact(id);
        }}
      />
      <CompanyFormModal
        opened={creating && tab === 'companies'}
        onClose={() => setCreating(false)}
        groups={creatable}
        onSaved={(c) => openCompany(String(c.id))}
      />
      <ImportDialog opened={importing} onClose={() => setImporting(false)} groups={creatable} />
      <MergeDialog
        opened={merging}
        contacts={selectedItems as ContactView[]}
        onClose={() => setMerging(false)}
        onMerged={(kept) => {
          setSelected([]);
          openContact(kept.id);
        }}
      />
      <BulkGroupDialog
        action={bulkGroup}
        kind={tab}
        ids={selected}
        groups={creatable}
        onClose={() => setBulkGroup(null)}
        onDone={() => setSelected([])}
      />
      <ConfirmDelete
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('delete.bulkTitle', { count: selected.length })}
        body={t('delete.bulkBody')}
        onConfirm={async () => {
          try {
            if (tab === 'contacts') await bulkContacts('delete', selected);
            else await bulkCompanies('delete', selected);
            notifications.show({
              closeButtonProps: { 'aria-label': t('actions.close') },
              color: 'green',
              message: t('delete.done'),
            });
            if ((contactId && selected.includes(contactId)) || (companyId && selected.includes(companyId)))
              closeDetail();
            setSelected([]);
          } catch (err) {
            notifications.show({
              closeButtonProps: { 'aria-label': t('actions.close') },
              color: 'red',
              title: t(tab === 'contacts' ? 'errors.deleteContacts' : 'errors.deleteCompanies'),
              message: contactsErrorMessage(err),
            });
          }
        }}
      />
    </Stack>
  );
}

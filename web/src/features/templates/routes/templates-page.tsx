/**
 * /templates (spec 002 §2 "Templates screen"): the tree of groups, folders and templates with a
 * search filter; inline creation under a parent; view, edit, clone, move, delete with confirmation;
 * "Use template" makes a draft task tree and links to it. Actions for the group's owners only.
 */
import '../i18n.ts';
import {
  Alert,
  Button,
  Drawer,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import type { TaskView } from '@tandem/shared/tasks/views';
import { titleProblem } from '@tandem/shared/templates/rules';
import type { TemplateView } from '@tandem/shared/templates/views';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { ConfirmDialog } from '../../groups/components/confirm-dialog.tsx';
import { listDescendants } from '../../tasks/api/tasks.ts';
import {
  applyTemplate,
  cloneTemplate,
  createFolder,
  createTemplate,
  deleteFolder,
  deleteTemplate,
  updateTemplate,
  useTemplateTree,
} from '../api/templates.ts';
import { InlineTitle } from '../components/inline-title.tsx';
import { type Adding, GroupRows, type TreeActions } from '../components/template-tree.tsx';
import {
  type FolderNode,
  filterTree,
  folderPaths,
  type GroupNode,
  groupNode,
  siblingsIn,
} from '../utils/tree.ts';

const failed = (e: unknown) =>
  notifications.show({
    color: 'red',
    message: e instanceof ApiError ? e.message : String(e),
    autoClose: 5000,
  });

export default function TemplatesPage() {
  const { t } = useTranslation('templates');
  const { data, error, isLoading, mutate } = useTemplateTree();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState<Adding | null>(null);
  const [editing, setEditing] = useState<{ tpl: TemplateView; g: GroupNode } | null>(null);
  const [removing, setRemoving] = useState<TemplateView | null>(null);
  const [removingFolder, setRemovingFolder] = useState<FolderNode | null>(null);
  const [viewing, setViewing] = useState<{ tpl: TemplateView; tasks: TaskView[] | null } | null>(null);
  const [howTo, setHowTo] = useState(false);
  const [busy, setBusy] = useState(false);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  // One idempotency key per use: a retry after a failure sends the same one (D57).
  const [useKeys, setUseKeys] = useState<Record<string, string>>({});

  const groups = useMemo(() => (data ? data.groups.map(groupNode) : []), [data]);
  const shown = useMemo(() => filterTree(groups, search), [groups, search]);

  const actions: TreeActions = {
    adding,
    drafts,
    startAdding: setAdding,
    renderAdding: (a, indent) => {
      const g = groups.find((x) => x.group.id === a.groupId)!.group;
      return (
        <InlineTitle
          key={`${a.parentKey}-${a.kind}`}
          kind={a.kind}
          indent={indent}
          place={{ groupId: a.groupId, folderId: a.folderId }}
          siblings={siblingsIn(g, a.kind)}
          onDone={() => setAdding(null)}
          onSave={(title) =>
            a.kind === 'folder'
              ? createFolder({ title, group: a.groupId, parent: a.folderId })
              : createTemplate({ title, group: a.groupId, folder: a.folderId })
          }
        />
      );
    },
    customFieldHowTo: () => setHowTo(true),
    deleteFolder: setRemovingFolder,
    view: (tpl) => {
      setViewing({ tpl, tasks: null });
      if (tpl.type === 'task')
        listDescendants(tpl.task.id)
          .then((r) => setViewing({ tpl, tasks: r.results }))
          .catch(failed);
    },
    edit: (tpl, g) => setEditing({ tpl, g }),
    clone: (tpl) =>
      cloneTemplate(tpl.id)
        .then(() => notifications.show({ color: 'teal', message: t('cloned'), autoClose: 3000 }))
        .catch(failed),
    moveTargets: (tpl, g) => [
      ...(tpl.folder
        ? [{ label: t('moveToTop', { group: g.group.title }), go: () => move(tpl, { folder: null }) }]
        : []),
      ...folderPaths(g)
        .filter((f) => f.id !== tpl.folder?.id)
        .map((f) => ({
          label: t('moveToFolder', { folder: f.label }),
          go: () => move(tpl, { folder: f.id }),
        })),
      ...groups
        .filter((x) => x.group.isOwner && x.group.id !== g.group.id)
        .map((x) => ({
          label: t('moveToGroup', { group: x.group.title }),
          go: () => move(tpl, { group: x.group.id }),
        })),
    ],
    remove: setRemoving,
    use: async (tpl) => {
      const key = useKeys[tpl.id] ?? crypto.randomUUID();
      setUseKeys((k) => ({ ...k, [tpl.id]: key }));
      try {
        const r = await applyTemplate(tpl.id, key);
        setDrafts((d) => ({ ...d, [tpl.id]: r.task }));
        if (r.unmappedRoles?.length)
          notifications.show({
            color: 'yellow',
            message: t('unmappedRoles', { roles: r.unmappedRoles.join(', ') }),
          });
        // The next use makes another draft.
        setUseKeys(({ [tpl.id]: _done, ...rest }) => rest);
      } catch (e) {
        failed(e);
      }
    },
  };

  const move = (tpl: TemplateView, body: { folder?: string | null; group?: string }) =>
    updateTemplate(tpl.id, body)
      .then(() => notifications.show({ color: 'teal', message: t('saved'), autoClose: 3000 }))
      .catch(failed);

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('title')}</Title>
        <TextInput
          aria-label={t('search')}
          placeholder={t('search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={280}
          maw="100%"
        />
      </Group>
      {isLoading && <Loader size="sm" aria-label={t('title')} />}
      {error && (
        <Alert color="red" title={t('loadFailed')}>
          <Button size="xs" variant="light" onClick={() => void mutate()}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      {data && shown.length === 0 && <Text c="dimmed">{search.trim() ? t('noMatch') : t('empty')}</Text>}
      {shown.map((g) => (
        <GroupRows key={g.key} node={g} actions={actions} />
      ))}

      <EditModal editing={editing} onClose={() => setEditing(null)} />

      <ConfirmDialog
        opened={removing !== null}
        title={t('confirmDeleteTitle')}
        confirmLabel={t('delete')}
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          setBusy(true);
          deleteTemplate(removing!.id)
            .then(() => notifications.show({ color: 'teal', message: t('deleted'), autoClose: 3000 }))
            .catch(failed)
            .finally(() => {
              setBusy(false);
              setRemoving(null);
            });
        }}
      >
        {t('confirmDeleteText', { title: removing?.title ?? '' })}
      </ConfirmDialog>
      <ConfirmDialog
        opened={removingFolder !== null}
        title={t('confirmDeleteFolderTitle')}
        confirmLabel={t('delete')}
        busy={busy}
        onCancel={() => setRemovingFolder(null)}
        onConfirm={() => {
          setBusy(true);
          deleteFolder(removingFolder!.folder.id)
            .then(() => notifications.show({ color: 'teal', message: t('deleted'), autoClose: 3000 }))
            .catch(failed)
            .finally(() => {
              setBusy(false);
              setRemovingFolder(null);
            });
        }}
      >
        {t('confirmDeleteFolderText', { title: removingFolder?.folder.title ?? '' })}
      </ConfirmDialog>

      <Modal opened={howTo} onClose={() => setHowTo(false)} title={t('customFieldHowToTitle')} centered>
        <Stack>
          <Text size="sm">{t('customFieldHowTo')}</Text>
          <Group justify="flex-end">
            <Button component={Link} to={paths.tasks} onClick={() => setHowTo(false)}>
              {t('openTasks')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Drawer
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        position="right"
        title={viewing ? t('viewTitle', { title: viewing.tpl.title }) : ''}
      >
        {viewing?.tpl.type === 'task' && viewing.tasks === null && <Loader size="sm" />}
        {viewing?.tasks && viewing.tasks.length === 0 && <Text c="dimmed">{t('viewEmpty')}</Text>}
        {viewing?.tasks && <TaskOutline rootId={viewing.tpl.task.id} tasks={viewing.tasks} />}
        {viewing?.tpl.type === 'task' && viewing.tpl.isOwner && (
          <Button
            mt="md"
            variant="light"
            component={Link}
            to={`${paths.planning}?plan=${encodeURIComponent(viewing.tpl.task.id)}`}
          >
            {t('openInPlanner')}
          </Button>
        )}
        {viewing?.tpl.type === 'custom_field' && <Text size="sm">{t('customField')}</Text>}
      </Drawer>
    </Stack>
  );
}

/** The template's tasks, indented under their parents. */
function TaskOutline({ rootId, tasks }: { rootId: string; tasks: TaskView[] }) {
  const rows: Array<{ task: TaskView; depth: number }> = [];
  const walk = (parent: string, depth: number) => {
    for (const task of tasks.filter((x) => x.parent?.id === parent)) {
      rows.push({ task, depth });
      walk(task.id, depth + 1);
    }
  };
  walk(rootId, 0);
  return (
    <Stack gap={4}>
      {rows.map(({ task, depth }) => (
        <Text key={task.id} size="sm" pl={depth * 20}>
          {task.title}
        </Text>
      ))}
    </Stack>
  );
}

function EditModal({
  editing,
  onClose,
}: {
  editing: { tpl: TemplateView; g: GroupNode } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('templates');
  return (
    <Modal opened={editing !== null} onClose={onClose} title={t('editTitle')} centered>
      {editing && <EditForm key={editing.tpl.id} tpl={editing.tpl} g={editing.g} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ tpl, g, onClose }: { tpl: TemplateView; g: GroupNode; onClose: () => void }) {
  const { t } = useTranslation('templates');
  const [title, setTitle] = useState(tpl.title);
  const [folder, setFolder] = useState<string>(tpl.folder?.id ?? '');
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = titleProblem(
    title,
    { groupId: g.group.id, folderId: folder || null, excludeId: tpl.id },
    siblingsIn(g.group, 'template'),
  );
  const save = async () => {
    if (problem) return;
    setBusy(true);
    try {
      await updateTemplate(tpl.id, {
        ...(title.trim() !== tpl.title ? { title: title.trim() } : {}),
        ...((folder || null) !== (tpl.folder?.id ?? null) ? { folder: folder || null } : {}),
      });
      onClose();
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <Stack>
      <TextInput
        label={t('fieldTitle')}
        value={title}
        data-autofocus
        error={problem ?? serverError}
        onChange={(e) => {
          setTitle(e.currentTarget.value);
          setServerError(null);
        }}
        onKeyDown={(e) => e.key === 'Enter' && void save()}
      />
      <Select
        label={t('fieldFolder')}
        value={folder}
        onChange={(v) => setFolder(v ?? '')}
        data={[
          { value: '', label: t('topOfGroup') },
          ...folderPaths(g).map((f) => ({ value: f.id, label: f.label })),
        ]}
        allowDeselect={false}
        comboboxProps={{ zIndex: 400 }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button onClick={() => void save()} loading={busy} disabled={Boolean(problem)}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The rows of the templates tree (spec 002 §2): a group (icon and colour from its metadata, archived
 * dimmed), its folders and templates. Owners see the add menus, the folder delete and the template
 * actions (Use template among them); everyone else sees only View (spec 002 §2; the owner flag comes
 * down from the group). The API lets any member who may add tasks apply a template (D57).
 */
import '../i18n.ts';
import { ActionIcon, Anchor, Box, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowsMove,
  IconCopy,
  IconDotsVertical,
  IconEye,
  IconFolder,
  IconFolderPlus,
  IconPencil,
  IconPlayerPlay,
  IconPlus,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import type { TemplateView } from '@tandem/shared/templates/views';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GroupMark } from '../../groups/components/group-mark.tsx';
import type { FolderNode, GroupNode, TemplateNode } from '../utils/tree.ts';

export interface Adding {
  parentKey: string;
  kind: 'template' | 'folder';
  groupId: string;
  folderId: string | null;
}

export interface TreeActions {
  adding: Adding | null;
  renderAdding: (a: Adding, indent: number) => ReactNode;
  startAdding: (a: Adding) => void;
  customFieldHowTo: () => void;
  deleteFolder: (f: FolderNode) => void;
  view: (t: TemplateView) => void;
  edit: (t: TemplateView, g: GroupNode) => void;
  clone: (t: TemplateView) => void;
  moveTargets: (t: TemplateView, g: GroupNode) => Array<{ label: string; go: () => void }>;
  remove: (t: TemplateView) => void;
  use: (t: TemplateView) => void;
  /** The draft made from a template in this session, by template id. */
  drafts: Record<string, string>;
}

const INDENT = 24;

function AddMenu({ owner, a, actions }: { owner: boolean; a: Omit<Adding, 'kind'>; actions: TreeActions }) {
  const { t } = useTranslation('templates');
  if (!owner) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {/* The inline input takes the focus: the menu must not hand it back to its button (a blur cancels). */}
      <Menu position="bottom-end" withinPortal returnFocus={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('add')}>
            <IconPlus size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconTemplate size={14} />}
            onClick={() => actions.startAdding({ ...a, kind: 'template' })}
          >
            {t('addTaskTemplate')}
          </Menu.Item>
          <Menu.Item onClick={actions.customFieldHowTo}>{t('addCustomFieldTemplate')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Tooltip label={t('addFolder')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('addFolder')}
          onClick={() => actions.startAdding({ ...a, kind: 'folder' })}
        >
          <IconFolderPlus size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function TemplateRow({
  node,
  g,
  depth,
  actions,
}: {
  node: TemplateNode;
  g: GroupNode;
  depth: number;
  actions: TreeActions;
}) {
  const { t } = useTranslation('templates');
  const tpl = node.template;
  const draft = actions.drafts[tpl.id];
  return (
    <Box pl={depth * INDENT} data-key={node.key} data-testid="template-row">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" miw={0}>
          <IconTemplate size={16} aria-hidden />
          <Text size="sm" truncate>
            {tpl.title}
          </Text>
          {tpl.type === 'custom_field' && (
            <Text size="xs" c="dimmed">
              {t('customField')}
            </Text>
          )}
        </Group>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('view')}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('view')} ${tpl.title}`}
              onClick={() => actions.view(tpl)}
            >
              <IconEye size={16} />
            </ActionIcon>
          </Tooltip>
          {tpl.type === 'task' && tpl.isOwner && (
            <Tooltip label={t('use')}>
              <ActionIcon
                variant="subtle"
                aria-label={`${t('use')} ${tpl.title}`}
                onClick={() => actions.use(tpl)}
              >
                <IconPlayerPlay size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {tpl.isOwner && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label={`${t('edit')}: ${tpl.title}`}>
                  <IconDotsVertical size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => actions.edit(tpl, g)}>
                  {t('edit')}
                </Menu.Item>
                {tpl.type === 'task' && (
                  <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => actions.clone(tpl)}>
                    {t('clone')}
                  </Menu.Item>
                )}
                <Menu.Label>{t('move')}</Menu.Label>
                {actions.moveTargets(tpl, g).map((m) => (
                  <Menu.Item key={m.label} leftSection={<IconArrowsMove size={14} />} onClick={m.go}>
                    {m.label}
                  </Menu.Item>
                ))}
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => actions.remove(tpl)}
                >
                  {t('delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      {draft && (
        <Text size="xs" pl={22}>
          {t('createdDraft', { title: tpl.title })}{' '}
          <Anchor component={Link} to={`/task/${draft}`} size="xs">
            {t('openDraft')}
          </Anchor>
        </Text>
      )}
    </Box>
  );
}

function FolderRows({
  node,
  g,
  depth,
  actions,
}: {
  node: FolderNode;
  g: GroupNode;
  depth: number;
  actions: TreeActions;
}) {
  const { t } = useTranslation('templates');
  const owner = g.group.isOwner;
  const a = actions.adding;
  return (
    <>
      <Group pl={depth * INDENT} gap="xs" wrap="nowrap" justify="space-between" data-key={node.key}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <IconFolder size={16} aria-hidden />
          <Text size="sm" fw={500} truncate>
            {node.folder.title}
          </Text>
        </Group>
        {owner && (
          <Group gap={2} wrap="nowrap">
            <AddMenu
              owner={owner}
              actions={actions}
              a={{ parentKey: node.key, groupId: g.group.id, folderId: node.folder.id }}
            />
            <Tooltip label={t('deleteFolder')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('deleteFolder')} ${node.folder.title}`}
                onClick={() => actions.deleteFolder(node)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      {a?.parentKey === node.key && actions.renderAdding(a, (depth + 1) * INDENT)}
      {node.folders.map((f) => (
        <FolderRows key={f.key} node={f} g={g} depth={depth + 1} actions={actions} />
      ))}
      {node.templates.map((tn) => (
        <TemplateRow key={tn.key} node={tn} g={g} depth={depth + 1} actions={actions} />
      ))}
    </>
  );
}

export function GroupRows({ node, actions }: { node: GroupNode; actions: TreeActions }) {
  const { t } = useTranslation('templates');
  const g = node.group;
  const a = actions.adding;
  return (
    <Stack
      gap={6}
      style={g.archived ? { opacity: 0.55, filter: 'grayscale(1)' } : undefined}
      data-key={node.key}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <GroupMark color={g.metadata.color} icon={g.metadata.icon} size={22} />
          <Text fw={600} truncate>
            {g.title}
          </Text>
          {g.archived && (
            <Text size="xs" c="dimmed">
              {t('archived')}
            </Text>
          )}
        </Group>
        <AddMenu
          owner={g.isOwner}
          actions={actions}
          a={{ parentKey: node.key, groupId: g.id, folderId: null }}
        />
      </Group>
      {a?.parentKey === node.key && actions.renderAdding(a, INDENT)}
      {node.folders.map((f) => (
        <FolderRows key={f.key} node={f} g={node} depth={1} actions={actions} />
      ))}
      {node.templates.map((tn) => (
        <TemplateRow key={tn.key} node={tn} g={node} depth={1} actions={actions} />
      ))}
      {g.truncated && (
        <Text size="xs" c="dimmed" pl={INDENT}>
          {t('truncated')}
        </Text>
      )}
    </Stack>
  );
}

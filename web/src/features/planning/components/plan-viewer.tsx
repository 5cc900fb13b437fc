/**
 * The planning flow viewer (spec 002 §2, §4): a drawer showing a plan (or a template) as nodes and
 * edges, laid out by dagre top-to-bottom or left-to-right. Edits stay in the session (utils/session.ts,
 * with undo and redo) until saved in one call; save and close is the default action. Loaded with the
 * planning route only (this module and @xyflow/react are never in Today's JavaScript).
 */
import '../i18n.ts';
import '@xyflow/react/dist/style.css';
import {
  Alert,
  Box,
  Button,
  Drawer,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconFocusCentered,
  IconLayoutDistributeHorizontal,
  IconLayoutDistributeVertical,
} from '@tabler/icons-react';
import {
  checkPlan,
  isEmptyPlan,
  markAllActive,
  moveError,
  PLAN_ANIMATION_MS,
  PLAN_NODE,
  PLAN_PRIORITY_BELOW,
  PLAN_ROLE_MAX,
  PLAN_ZOOM,
  type PlanNode,
  type PlanningMessage,
  subtreeOf,
} from '@tandem/shared/planning/plan';
import { unmappedRoles } from '@tandem/shared/roles/roles';
import type { TaskView } from '@tandem/shared/tasks/views';
import {
  applyNodeChanges,
  Background,
  Controls,
  type Edge,
  type Node,
  type NodeChange,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../lib/api-error.ts';
import { useAccountRoles } from '../../roles/api/account-roles.ts';
import { useRoleMappings } from '../../roles/api/role-mappings.ts';
import { RoleMappingPanel } from '../../roles/components/role-mapping-panel.tsx';
import { applyTemplate, convertTaskToTemplate, isLicenceRefusal } from '../../templates/api/templates.ts';
import { getPlan, planKey, savePlan, usePlan } from '../api/plan.ts';
import { layoutPlan, levelBands, type PlanDirection, visibleNodes } from '../utils/layout.ts';
import {
  isChanged,
  nodeOfView,
  reduce,
  refusal,
  type Session,
  sessionChanges,
  startSession,
} from '../utils/session.ts';
import { AddTasksPanel } from './add-tasks-panel.tsx';
import { NodeSchedule } from './node-schedule.tsx';
import { type CardActions, CardActionsContext, type CardData, LevelGroup, PlanCard } from './plan-card.tsx';

const nodeTypes = { task: PlanCard, level: LevelGroup };
/** Plans with more nodes than this draw only the cards in view. */
const VISIBLE_ONLY_ABOVE = 150;

export interface PlanViewerProps {
  rootId: string | null;
  onClose: () => void;
}

export default function PlanViewer({ rootId, onClose }: PlanViewerProps) {
  const { t } = useTranslation('planning');
  const { data, error, isLoading } = usePlan(rootId);
  const root = data?.results.find((v) => v.id === rootId);
  return (
    <Drawer
      opened={rootId !== null}
      onClose={onClose}
      size="100%"
      position="right"
      title={
        <Title order={2} size="h4">
          {t('planning.viewerTitle', { title: root?.title ?? '' })}
        </Title>
      }
      closeOnEscape={false}
      withCloseButton={false}
      styles={{ body: { height: 'calc(100% - 60px)', display: 'flex', flexDirection: 'column', padding: 0 } }}
    >
      {error && (
        <Alert color="red" m="md">
          {t('planning.loadFailed')}
        </Alert>
      )}
      {isLoading && <Loader m="md" aria-label={t('planning.loadFailed')} />}
      {data?.unfinishedSave && (
        <Alert color="yellow" m="md">
          {t('messages.planning.save-unfinished')}
        </Alert>
      )}
      {data && rootId && (
        <ReactFlowProvider>
          <PlanSession key={rootId} rootId={rootId} views={data.results} onClose={onClose} />
        </ReactFlowProvider>
      )}
    </Drawer>
  );
}

const messageOf = (e: unknown): string | null => (e instanceof ApiError ? e.code : null);

function PlanSession({ rootId, views, onClose }: { rootId: string; views: TaskView[]; onClose: () => void }) {
  const { t } = useTranslation('planning');
  const { mutate } = useSWRConfig();
  const [session, dispatch] = useReducer(reduce, undefined, () => startSession(rootId, views));
  const [direction, setDirection] = useState<PlanDirection>('TB');
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const [selected, setSelected] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(false);
  const [invalid, setInvalid] = useState<Set<string>>(() => new Set());
  const [mapping, setMapping] = useState(false);
  const [converting, setConverting] = useState(false);
  const saveKey = useRef(crypto.randomUUID());
  const applyKey = useRef(crypto.randomUUID());
  const isTemplate = views.find((v) => v.id === rootId)?.mode === 'template';
  // A template's mapping is the one applying it reads; a task's is its own (spec 002 §3).
  const mappingTarget = isTemplate ? { templateId: rootId } : { taskId: rootId };
  const { data: mappingRows, mutate: readMappingAgain } = useRoleMappings(mappingTarget);
  const { data: accountRoles } = useAccountRoles();
  const flow = useReactFlow();
  const viewsById = useMemo(() => new Map(views.map((v) => [v.id, v])), [views]);
  const changed = isChanged(session);

  const say = useCallback(
    (key: PlanningMessage | string, color = 'yellow', count?: number) =>
      notifications.show({
        color,
        message: t(`messages.${key}` as 'messages.planning.title-required', { count }),
      }),
    [t],
  );

  // A new child is selected for editing as soon as it is made.
  const made = useRef(session.made);
  useEffect(() => {
    if (session.made !== made.current) {
      made.current = session.made;
      setSelected(`new:${session.made}`);
    }
  }, [session.made]);

  const actions: CardActions = useMemo(
    () => ({
      addChild: (id) => dispatch({ type: 'addChild', parentId: id, title: t('planning.card.newTitle') }),
      edit: (id) => setSelected(id),
      remove: (id) => setDeleting(id),
      toggle: (id) =>
        setCollapsed((c) => {
          const next = new Set(c);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
    }),
    [t],
  );

  // The layout: positions from dagre for the nodes shown, and a level band behind each level.
  const shown = useMemo(() => visibleNodes(session.nodes, collapsed), [session.nodes, collapsed]);
  const laidOut = useMemo(() => {
    const placed = layoutPlan(shown, direction);
    const childCount = new Map<string, number>();
    for (const n of session.nodes)
      if (n.parentId) childCount.set(n.parentId, (childCount.get(n.parentId) ?? 0) + 1);
    const byId = new Map(shown.map((n) => [n.id, n]));
    const bands: Node[] = levelBands(shown, placed).map((b) => ({
      id: `level-${b.level}`,
      type: 'level',
      position: { x: b.x, y: b.y },
      data: { level: b.level, colour: b.colour },
      style: { width: b.width, height: b.height },
      draggable: false,
      selectable: false,
      focusable: false,
      zIndex: -1,
    }));
    const cards: Node[] = placed.map((p) => {
      const n = byId.get(p.id)!;
      const data: CardData = {
        node: n,
        view: viewsById.get(n.id) ?? null,
        isRoot: n.id === rootId,
        childCount: childCount.get(n.id) ?? 0,
        collapsed: collapsed.has(n.id),
        horizontal: direction === 'LR',
        invalid: invalid.has(n.id),
        selected: selected === n.id,
      };
      return {
        id: n.id,
        type: 'task',
        position: { x: p.x, y: p.y },
        data,
        width: PLAN_NODE.width,
        height: PLAN_NODE.height,
        draggable: n.id !== rootId,
        ariaLabel: n.title,
      };
    });
    return [...bands, ...cards];
  }, [shown, direction, session.nodes, viewsById, rootId, collapsed, invalid, selected]);
  const edges: Edge[] = useMemo(
    () =>
      shown
        .filter((n) => n.parentId && shown.some((p) => p.id === n.parentId))
        .map((n) => ({
          id: `${n.parentId}->${n.id}`,
          source: n.parentId!,
          target: n.id,
          type: 'smoothstep',
        })),
    [shown],
  );
  const [nodes, setNodes] = useState<Node[]>(laidOut);
  useEffect(() => setNodes(laidOut), [laidOut]);
  const onNodesChange = useCallback(
    (changes: NodeChange[]) =>
      setNodes((ns) =>
        applyNodeChanges(
          changes.filter((c) => c.type === 'position' || c.type === 'dimensions'),
          ns,
        ),
      ),
    [],
  );

  const centre = useCallback(
    () => void flow.fitView({ duration: PLAN_ANIMATION_MS, minZoom: PLAN_ZOOM.min }),
    [flow],
  );
  // Centred once laid out, and again when the layout changes direction.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-centre on a new direction only
  useEffect(() => {
    const id = setTimeout(centre, 50);
    return () => clearTimeout(id);
  }, [direction]);

  // Dropped onto another card: that card becomes the parent, when the move-validity check allows it.
  const onNodeDragStop = useCallback(
    (_: unknown, dragged: Node) => {
      const target = flow.getIntersectingNodes(dragged).find((n) => n.type === 'task' && n.id !== dragged.id);
      const current = session.nodes.find((n) => n.id === dragged.id);
      if (target && current && current.parentId !== target.id) {
        const refused = moveError(session.nodes, dragged.id, target.id);
        if (refused) say(refused);
        else dispatch({ type: 'move', id: dragged.id, parentId: target.id });
      }
      setNodes(laidOut);
    },
    [flow, session.nodes, laidOut, say],
  );

  const save = async (close: boolean) => {
    const errors = checkPlan(session.nodes, rootId);
    const bad = Object.keys(errors).map((k) => k.split('.')[1]!);
    setInvalid(new Set(bad));
    if (bad.length) {
      say(Object.values(errors)[0]!, 'red');
      setSelected(bad[0] ?? null);
      return;
    }
    const changes = sessionChanges(session);
    if (isEmptyPlan(changes)) {
      say('planning.no-changes-to-save');
      if (close) onClose();
      return;
    }
    setSaving(true);
    try {
      await savePlan(rootId, saveKey.current, changes);
      saveKey.current = crypto.randomUUID();
      say('task-plan-viewer.save-success', 'teal');
      const fresh = await getPlan(rootId);
      await mutate(planKey(rootId), fresh, { revalidate: false });
      void mutate((key) => Array.isArray(key) && key[0] === 'planning' && key[1] === 'plans');
      if (close) onClose();
      else dispatch({ type: 'reset', session: startSession(rootId, fresh.results) });
    } catch (e) {
      const code = messageOf(e);
      notifications.show({
        color: 'red',
        message: code?.startsWith('planning.')
          ? t(`messages.${code}` as 'messages.planning.title-required')
          : t('planning.saveFailed'),
      });
    } finally {
      setSaving(false);
    }
  };

  /** The roles the plan's nodes name that nobody is mapped to (spec 002 §4's warning). */
  const warnUnmapped = () => {
    const missing = unmappedRoles(
      session.nodes.map((n) => n.assigningRole),
      mappingRows ?? [],
      accountRoles ?? [],
    );
    if (missing.length)
      notifications.show({
        color: 'yellow',
        message: t('messages.planning.should-map-roles', { roles: missing.join(', ') }),
      });
  };

  const activateAll = () => {
    const r = markAllActive(session.nodes, rootId);
    if ('error' in r) return say(r.error);
    dispatch({ type: 'activateAll' });
    say('planning.n-tasks-activated', 'teal', r.activated);
    warnUnmapped();
  };

  // Template → draft (its roles resolved through the mapping), or task → template; both leave the
  // plan as saved, so unsaved changes are refused first.
  const convert = async () => {
    if (changed) return say('planning.save-before-converting');
    setConverting(true);
    try {
      if (isTemplate) {
        const r = await applyTemplate(rootId, applyKey.current);
        applyKey.current = crypto.randomUUID();
        say('planning.convert-to-draft-success', 'teal');
        if (r.unmappedRoles.length)
          notifications.show({
            color: 'yellow',
            message: t('messages.planning.should-map-roles', { roles: r.unmappedRoles.join(', ') }),
          });
        void mutate((key) => Array.isArray(key) && key[0] === 'planning' && key[1] === 'plans');
      } else {
        await convertTaskToTemplate(rootId, 'task');
        say('planning.convert-to-template-success', 'teal');
      }
    } catch (e) {
      notifications.show({
        color: 'red',
        message: isLicenceRefusal(e) ? t('planning.conversion.licence') : t('planning.conversion.failed'),
      });
    } finally {
      setConverting(false);
    }
  };

  // An existing task and its descendants, under the selected node (or the root).
  const adopt = async (task: TaskView) => {
    try {
      const sub = await getPlan(task.id);
      const parentId = selected && session.nodes.some((n) => n.id === selected) ? selected : rootId;
      const nodes = sub.results
        .map((v) => nodeOfView(v, ''))
        .map((n, i) => (i === 0 ? { ...n, parentId: task.parent?.id ?? null } : n));
      const action = { type: 'adopt' as const, nodes, parentId };
      const refused = refusal(session, action);
      if (refused) return say(refused);
      dispatch(action);
    } catch {
      notifications.show({ color: 'red', message: t('planning.add.failed') });
    }
  };

  const discard = () => (changed ? setConfirmDiscard(true) : onClose());

  // Undo and redo from the keyboard, anywhere in the drawer but a text field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const inField =
        e.target instanceof HTMLElement && e.target.closest('input, textarea, [contenteditable]');
      if (inField || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
      e.preventDefault();
      dispatch({ type: e.shiftKey ? 'redo' : 'undo' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const selectedNode = session.nodes.find((n) => n.id === selected) ?? null;
  const deletingNode = session.nodes.find((n) => n.id === deleting) ?? null;

  return (
    <CardActionsContext.Provider value={actions}>
      <Group
        role="toolbar"
        aria-label={t('planning.toolbar.label')}
        gap="xs"
        px="md"
        pb="sm"
        wrap="wrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Tooltip label={t('planning.toolbar.undo')}>
          <Button
            variant="default"
            size="xs"
            aria-label={t('planning.toolbar.undo')}
            disabled={session.past.length === 0}
            onClick={() => dispatch({ type: 'undo' })}
          >
            <IconArrowBackUp size={16} aria-hidden />
          </Button>
        </Tooltip>
        <Tooltip label={t('planning.toolbar.redo')}>
          <Button
            variant="default"
            size="xs"
            aria-label={t('planning.toolbar.redo')}
            disabled={session.future.length === 0}
            onClick={() => dispatch({ type: 'redo' })}
          >
            <IconArrowForwardUp size={16} aria-hidden />
          </Button>
        </Tooltip>
        <Tooltip label={t('planning.toolbar.layoutTB')}>
          <Button
            variant={direction === 'TB' ? 'light' : 'default'}
            size="xs"
            aria-label={t('planning.toolbar.layoutTB')}
            aria-pressed={direction === 'TB'}
            onClick={() => setDirection('TB')}
          >
            <IconLayoutDistributeHorizontal size={16} aria-hidden />
          </Button>
        </Tooltip>
        <Tooltip label={t('planning.toolbar.layoutLR')}>
          <Button
            variant={direction === 'LR' ? 'light' : 'default'}
            size="xs"
            aria-label={t('planning.toolbar.layoutLR')}
            aria-pressed={direction === 'LR'}
            onClick={() => setDirection('LR')}
          >
            <IconLayoutDistributeVertical size={16} aria-hidden />
          </Button>
        </Tooltip>
        <Tooltip label={t('planning.toolbar.centre')}>
          <Button variant="default" size="xs" aria-label={t('planning.toolbar.centre')} onClick={centre}>
            <IconFocusCentered size={16} aria-hidden />
          </Button>
        </Tooltip>
        <Button
          variant={adding ? 'light' : 'default'}
          size="xs"
          aria-pressed={adding}
          onClick={() => setAdding((a) => !a)}
        >
          {t('planning.add.show')}
        </Button>
        <Box style={{ flex: 1 }} />
        {isTemplate && (
          <Button
            variant={mapping ? 'light' : 'default'}
            size="xs"
            aria-pressed={mapping}
            onClick={() => {
              // Opening the panel reads the mapping again: someone may have changed it meanwhile.
              if (!mapping) void readMappingAgain();
              setMapping((m) => !m);
            }}
          >
            {t('planning.toolbar.roleMapping')}
          </Button>
        )}
        <Button variant="default" size="xs" onClick={() => void convert()} loading={converting}>
          {isTemplate ? t('planning.toolbar.convertToDraft') : t('planning.toolbar.convertToTemplate')}
        </Button>
        <Button variant="default" size="xs" onClick={activateAll}>
          {t('planning.toolbar.markAllActive')}
        </Button>
        <Button variant="default" size="xs" onClick={discard} disabled={saving}>
          {t('planning.toolbar.discard')}
        </Button>
        <Button variant="light" size="xs" onClick={() => void save(false)} loading={saving}>
          {t('planning.toolbar.save')}
        </Button>
        <Button size="xs" onClick={() => void save(true)} loading={saving} data-autofocus>
          {t('planning.toolbar.saveAndClose')}
        </Button>
      </Group>
      <Group gap={0} align="stretch" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        {adding && <AddTasksPanel inPlan={new Set(session.nodes.map((n) => n.id))} onAdd={adopt} />}
        <Box style={{ flex: 1, minWidth: 0, position: 'relative' }} data-testid="plan-canvas">
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            onNodesChange={onNodesChange}
            onNodeDragStop={onNodeDragStop}
            onNodeClick={(_, n) => n.type === 'task' && setSelected(n.id)}
            minZoom={PLAN_ZOOM.min}
            maxZoom={PLAN_ZOOM.max}
            nodesConnectable={false}
            // A big plan draws only the cards in view (a 1,000-node plan stays responsive; D59).
            onlyRenderVisibleElements={session.nodes.length > VISIBLE_ONLY_ABOVE}
            fitView
            fitViewOptions={{ minZoom: PLAN_ZOOM.min }}
            proOptions={{ hideAttribution: true }}
            colorMode="system"
          >
            <Background gap={24} />
            <Controls showInteractive={false} />
          </ReactFlow>
        </Box>
        {mapping && isTemplate && (
          <Box
            w={420}
            p="md"
            style={{ borderLeft: '1px solid var(--mantine-color-default-border)', overflowY: 'auto' }}
          >
            <RoleMappingPanel templateId={rootId} />
          </Box>
        )}
        {selectedNode && (
          <EditPanel
            key={selectedNode.id}
            node={selectedNode}
            nodes={session.nodes}
            isRoot={selectedNode.id === rootId}
            isTemplate={isTemplate}
            onChange={(fields) => dispatch({ type: 'edit', id: selectedNode.id, fields })}
            onMove={(parentId) => {
              const refused = moveError(session.nodes, selectedNode.id, parentId);
              if (refused) say(refused);
              else dispatch({ type: 'move', id: selectedNode.id, parentId });
            }}
            onClose={() => setSelected(null)}
          />
        )}
      </Group>
      <Modal
        opened={deletingNode !== null}
        onClose={() => setDeleting(null)}
        title={t('planning.delete.title', { title: deletingNode?.title ?? '' })}
      >
        <Stack>
          <Button
            color="red"
            onClick={() => {
              dispatch({ type: 'delete', id: deleting!, withChildren: true });
              setDeleting(null);
              if (selected === deleting) setSelected(null);
            }}
          >
            {t('planning.delete.withChildren')}
          </Button>
          <Button
            variant="light"
            color="red"
            onClick={() => {
              dispatch({ type: 'delete', id: deleting!, withChildren: false });
              setDeleting(null);
              if (selected === deleting) setSelected(null);
            }}
          >
            {t('planning.delete.onlyThis')}
          </Button>
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('planning.delete.cancel')}
          </Button>
        </Stack>
      </Modal>
      <Modal
        opened={confirmDiscard}
        onClose={() => setConfirmDiscard(false)}
        title={t('planning.discardConfirm.title')}
      >
        <Text mb="md">{t('planning.discardConfirm.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmDiscard(false)}>
            {t('planning.discardConfirm.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirmDiscard(false);
              onClose();
            }}
          >
            {t('planning.discardConfirm.confirm')}
          </Button>
        </Group>
      </Modal>
    </CardActionsContext.Provider>
  );
}

/** An ISO instant as the value of a datetime-local field (local wall time), and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

function EditPanel({
  node,
  nodes,
  isRoot,
  isTemplate,
  onChange,
  onMove,
  onClose,
}: {
  node: PlanNode;
  nodes: PlanNode[];
  isRoot: boolean;
  /** A template's tasks are scheduled once it is used, not here. */
  isTemplate: boolean;
  onChange: (fields: Partial<PlanNode>) => void;
  onMove: (parentId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('planning');
  const [title, setTitle] = useState(node.title);
  const [role, setRole] = useState(node.assigningRole ?? '');
  const below = new Set([node.id, ...subtreeOf(nodes, node.id).map((n) => n.id)]);
  const parents = nodes
    .filter((n) => !below.has(n.id) && n.level < 8)
    .map((n) => ({ value: n.id, label: n.title.trim() || t('planning.card.untitled') }));
  return (
    <Stack
      component="section"
      aria-label={t('planning.edit.heading')}
      w={320}
      p="md"
      gap="sm"
      style={{ borderLeft: '1px solid var(--mantine-color-default-border)', overflowY: 'auto' }}
    >
      <Title order={3} size="h5">
        {t('planning.edit.heading')}
      </Title>
      <TextInput
        label={t('planning.edit.title')}
        value={title}
        data-autofocus
        autoFocus
        error={title.trim() ? undefined : t('messages.planning.title-required')}
        onChange={(e) => setTitle(e.currentTarget.value)}
        onBlur={() => onChange({ title })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange({ title: e.currentTarget.value });
        }}
      />
      <TextInput
        type="datetime-local"
        label={t('planning.edit.dueAt')}
        value={toLocalInput(node.dueAt)}
        onChange={(e) => onChange({ dueAt: fromLocalInput(e.currentTarget.value) })}
      />
      <Switch
        label={t('planning.edit.urgent')}
        checked={node.flag === 1}
        onChange={(e) => onChange({ flag: e.currentTarget.checked ? 1 : 3 })}
      />
      <Select
        label={t('planning.edit.priorityGroup')}
        allowDeselect={false}
        value={String(node.priorityGroup)}
        data={Array.from({ length: PLAN_PRIORITY_BELOW }, (_, i) => ({
          value: String(i),
          label: t(`planning.priorityGroups.${i}` as 'planning.priorityGroups.0'),
        }))}
        onChange={(v) => v !== null && onChange({ priorityGroup: Number(v) })}
      />
      <TextInput
        label={t('planning.edit.role')}
        description={t('planning.edit.roleHint')}
        maxLength={PLAN_ROLE_MAX}
        value={role}
        onChange={(e) => setRole(e.currentTarget.value)}
        onBlur={() => onChange({ assigningRole: role.trim() })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange({ assigningRole: e.currentTarget.value.trim() });
        }}
      />
      {!isTemplate && (
        <NodeSchedule
          key={node.id}
          schedule={node.scheduledTask ?? null}
          onChange={(scheduledTask) => onChange({ scheduledTask })}
        />
      )}
      {!isRoot && (
        <Select
          label={t('planning.edit.parent')}
          allowDeselect={false}
          searchable
          data-testid="plan-parent"
          value={node.parentId}
          data={parents}
          onChange={(v) => v && v !== node.parentId && onMove(v)}
        />
      )}
      <Button
        variant="default"
        onClick={() => {
          onChange({ title, assigningRole: role.trim() });
          onClose();
        }}
      >
        {t('planning.edit.close')}
      </Button>
    </Stack>
  );
}

export type { Session };

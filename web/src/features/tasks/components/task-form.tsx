import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconAdjustmentsHorizontal,
  IconAlertTriangle,
  IconArrowUp,
  IconChecklist,
  IconChevronDown,
  IconChevronUp,
  IconLink,
  IconListDetails,
  IconTrash,
} from '@tabler/icons-react';
import { TEXT_LIMITS } from '@tandem/shared/api/limits';
import { conflictTaskOf } from '@tandem/shared/tasks/conflict';
import { TASK_LEVELS, type TaskMode } from '@tandem/shared/tasks/constants';
import { taskForm } from '@tandem/shared/tasks/forms';
import { subtaskTitlesFrom } from '@tandem/shared/tasks/rules';
import type { TaskView } from '@tandem/shared/tasks/views';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { formValidator } from '../../../lib/validation.ts';
import { AgendasTabItem, AgendasTabPanel } from '../../agendas/components/agendas-tab.tsx';
import { AttachmentsTab, uploadFiles } from '../../attachments/components/attachments-tab.tsx';
import { VideoLinksTab } from '../../attachments/components/video-links-tab.tsx';
import { CustomFieldsTab } from '../../custom-fields/components/custom-fields-tab.tsx';
import { ReportTab, ReportTabItem } from '../../custom-fields/components/report-tab.tsx';
import { inviteToTask } from '../../delegation/api/delegation.ts';
import { assigneeOptions, assigneesPayload, effectiveAssignees } from '../../delegation/utils/assignees.ts';
import { LazyRichTextEditor } from '../../editor/components/lazy-rich-text-editor.tsx';
import { useGroups } from '../../groups/api/list-groups.ts';
import { GroupMark } from '../../groups/components/group-mark.tsx';
import { notifyFailure } from '../../groups/utils/failure.ts';
import { TaskNotificationsTab } from '../../notifications/components/task-notifications-tab.tsx';
import { saveTaskSchedule } from '../../schedule/api/schedule.ts';
import { type ScheduleDraftHandle, ScheduleEditor } from '../../schedule/components/schedule-editor.tsx';
import { definitionIdOf, routineKindOf, saveTargetId } from '../../schedule/utils/routine-id.ts';
import { createTask, deleteTasks, revalidateTasks, taskKey, updateTask } from '../api/tasks.ts';
import { useGuardedTabs } from '../hooks/use-guarded-tabs.tsx';
import { taskPath } from '../paths.ts';
import {
  resolveUnfinished,
  rowsFromTitles,
  type SubtaskRow,
  titlesToSave,
  unfinishedRows,
} from '../utils/subtasks.ts';
import {
  type Choice,
  type ConflictField,
  type Merge,
  mergeEdits,
  onTaskChanged,
  resolveMerge,
} from '../utils/task-conflict.ts';
import {
  ADVANCED_FIELDS,
  becameDone,
  canAddSubtasks,
  canDeleteTask,
  canEditField,
  canMakeSubtasks,
  canSubmitTaskForm,
  createInput,
  descriptionChecklist,
  fieldOfErrorPath,
  hasUnsavedChanges,
  newTaskValues,
  pickDefaultGroup,
  priorityGroupOptions,
  type SaveOption,
  saveOptions,
  statusOptions,
  type TaskField,
  type TaskFormDefaults,
  type TaskFormValues,
  updateInput,
  valuesFromTask,
} from '../utils/task-form.ts';
import { AssigneesField, type DelegationDraft, emptyDelegationDraft } from './assignees-field.tsx';
import { playConfetti } from './confetti.tsx';
import { DeleteTaskDialog } from './delete-task-dialog.tsx';
import { DueDateField } from './due-date-field.tsx';
import { InvitePanel } from './invite-panel.tsx';
import { SubtasksField } from './subtasks-field.tsx';
import { TaskChangedNotice, TaskConflictPanel } from './task-conflict.tsx';
import { TaskMembersTab } from './task-members-tab.tsx';
import '../../../i18n/with-later-texts.ts';

/** The messages tab, loaded when first opened (features/chat). */
const TaskChatTab = lazy(() => import('../../chat/components/task-chat-tab.tsx'));
const AudioTab = lazy(() => import('../../audio/components/audio-tracks.tsx'));

type ErrorKey = TaskField | 'subtasks' | 'assignees';

/** Spec error codes that a server may send as a field message, in the user's words. */
const CODE_KEYS = {
  'task-form.title-required': 'form.errors.titleRequired',
  'task-form.assignees-required': 'form.errors.assigneesRequired',
  'task-form.unsaved-subtask-warning': 'form.errors.unsavedSubtask',
  'task-form.custom-field-completed': 'form.errors.customFieldCompleted',
} as const;

export interface TaskFormProps {
  /** null: a new task. */
  task: TaskView | null;
  defaults?: TaskFormDefaults;
  /** A docked editor offers no "Save and new" (spec 000 §4). */
  docked?: boolean;
  onClose: () => void;
  /** Show another task in the form (the one just created, the parent, a sub-task), or a new form. */
  onSwitch: (taskId: string | undefined) => void;
  /** The heading (create or edit, draft or not) follows the form. */
  onHeadingChange: (heading: { isEdit: boolean; mode: TaskMode }) => void;
  /** Cancel, which may ask before discarding changes (the modal's close otherwise). */
  onCancel?: () => void;
  /** Whether closing now would lose what was typed. */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The task form with its tabs (spec 000 §2 Task modal, Task form; §4 form flow; §5; §6). Simple mode
 * shows name, description, sub-tasks and due date; Advanced adds level, status, group, priority group
 * and the urgent flag. Fields the caller may not change are read-only.
 */
export function TaskForm({
  task,
  defaults,
  docked = false,
  onClose,
  onSwitch,
  onHeadingChange,
  onCancel = onClose,
  onDirtyChange,
}: TaskFormProps) {
  const { t } = useTranslation('tasks');
  const { t: ts } = useTranslation('schedule');
  const { t: tc } = useTranslation();
  const { data: groupList } = useGroups();
  const { data: config } = useUserConfig();
  const { data: me } = useAuthUser();
  const isNew = task === null;
  const permissions = task ? task.permissions : null;
  const can = (f: TaskField) => canEditField(permissions, f);

  const { t: tv } = useTranslation(['validation']);
  const [initialValues] = useState<TaskFormValues>(() =>
    task ? valuesFromTask(task) : newTaskValues(defaults, null),
  );
  // Title and group by the server's rules (taskForm), said as this form always said them.
  const form = useForm<TaskFormValues>({
    initialValues,
    validate: formValidator(taskForm, (key, v) =>
      key === 'validation:titleRequired'
        ? t('form.errors.titleRequired')
        : key === 'validation:groupRequired'
          ? t('form.errors.groupRequired')
          : tv(key, v),
    ),
  });
  const values = form.values;
  /** Field errors: the form's own checks, the assignees rule and the server's answer. */
  const errors = form.errors as Partial<Record<ErrorKey, string>>;
  const defaultGroup = pickDefaultGroup(groupList?.results, config?.group);
  // The groups arrive after the form opens: a new task takes the default group once it is known.
  const needsDefaultGroup = isNew && values.group === null && defaultGroup !== null;
  useEffect(() => {
    if (needsDefaultGroup && defaultGroup) form.setFieldValue('group', defaultGroup);
  }, [needsDefaultGroup, defaultGroup, form.setFieldValue]);

  const [advanced, setAdvanced] = useState(false);
  /** A new task's assignees, delegation type and queued e-mail invitations. */
  const [delegation, setDelegation] = useState<DelegationDraft>(emptyDelegationDraft);
  const [rows, setRows] = useState<SubtaskRow[]>([]);
  /** Saving stopped on a sub-task still being typed: the save that was asked for, resumed by the answer. */
  const [warnUnfinished, setWarnUnfinished] = useState<SaveOption | null>(null);
  const [saving, setSaving] = useState<SaveOption | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  /** Files dropped on a task not created yet: uploaded once it is (spec 000 §4). */
  const [pendingFiles, setPendingFiles] = useState<File[]>([]);
  const titleRef = useRef<HTMLInputElement>(null);
  /** A new task's schedule, set right after it is created. */
  const scheduleRef = useRef<ScheduleDraftHandle>(null);
  /** Saving a routine's instance or definition waits for "this one or the whole routine". */
  const [routineAsk, setRoutineAsk] = useState<{ option: SaveOption; rows: SubtaskRow[] } | null>(null);
  const routineKind = task ? routineKindOf(task.priorityGroup.id) : null;
  const tabGuard = useGuardedTabs('task');
  const warningRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (warnUnfinished) warningRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [warnUnfinished]);

  /** The task the edits are made over (its version goes with the save): the one loaded, until a newer one is taken. */
  const [base, setBase] = useState<TaskView | null>(task);
  /** The task changed underneath while the person had unsaved edits: the notice shows. */
  const [changedUnder, setChangedUnder] = useState(false);
  /** Fields both the person and someone else changed: theirs beside mine, to choose (D41). */
  const [conflict, setConflict] = useState<{
    theirs: TaskView;
    merge: Merge;
    option: SaveOption;
    rows: SubtaskRow[];
    scope?: 'one' | 'whole';
  } | null>(null);
  const [choices, setChoices] = useState<Partial<Record<ConflictField, Choice>>>({});
  /** While this form's own save is under way, the task coming back changed is that save, not someone else. */
  const ownSave = useRef(false);
  // A newer version of the open task (a live event revalidated it): taken quietly when nothing typed
  // would be lost, else the notice asks.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a new task only, reading the form as it is then
  useEffect(() => {
    if (!task || !base || task.id !== base.id || task.version === undefined || task.version === base.version)
      return;
    if (ownSave.current || (base.version ?? 0) > task.version) return;
    const before = valuesFromTask(base);
    if (onTaskChanged(before, form.values, valuesFromTask(task)) === 'adopt') {
      if (!hasUnsavedChanges(before, form.values)) form.setValues(valuesFromTask(task));
      setBase(task);
      setChangedUnder(false);
    } else setChangedUnder(true);
  }, [task]);

  /** Their changes into the form: fields only they changed are taken; fields both changed are offered. */
  function takeIn(theirs: TaskView, option: SaveOption, currentRows: SubtaskRow[], scope?: 'one' | 'whole') {
    const merge = mergeEdits(valuesFromTask(base ?? theirs), form.values, valuesFromTask(theirs));
    form.setValues(merge.merged);
    setBase(theirs);
    setChangedUnder(false);
    setChoices({});
    setConflict(merge.conflicts.length > 0 ? { theirs, merge, option, rows: currentRows, scope } : null);
    return merge;
  }

  useEffect(
    () => onHeadingChange({ isEdit: !isNew, mode: values.mode }),
    [isNew, values.mode, onHeadingChange],
  );

  const dirty =
    hasUnsavedChanges(base ? valuesFromTask(base) : newTaskValues(defaults, null), values) ||
    rows.some((r) => r.title.trim() !== '') ||
    delegation.picked !== null ||
    delegation.invites.length > 0;
  // The messages tab's unsent text (spec 000 §2): leaving the tab asks (tabGuard), and so does
  // leaving the form, which counts it as a change.
  const [chatDirty, setChatDirty] = useState(false);
  const onChatDirty = useCallback(
    (d: boolean) => {
      tabGuard.dirtyFor('messages')(d);
      setChatDirty(d);
    },
    [tabGuard.dirtyFor],
  );
  useEffect(() => onDirtyChange?.(dirty || chatDirty), [dirty, chatDirty, onDirtyChange]);

  // The description editor reads its value once: a description set from outside it (another task,
  // a merge, a reset) opens it anew.
  const editorSaid = useRef<{ doc: string | null; text: string } | null>(null);
  const editorEpoch = useRef(0);
  const descriptionEditorKey = (v: TaskFormValues) => {
    const said = editorSaid.current;
    if (!said || said.doc !== v.descriptionDoc || said.text !== v.description) {
      editorSaid.current = { doc: v.descriptionDoc, text: v.description };
      editorEpoch.current++;
    }
    return `${task?.id ?? 'new'}:${editorEpoch.current}`;
  };

  /** Changes some values; the errors of the fields the change touches go until the next check. */
  const set = (patch: Partial<TaskFormValues>, ...clear: ErrorKey[]) => {
    form.setValues(patch);
    for (const field of clear) form.clearFieldError(field);
  };

  const canSave = canSubmitTaskForm(permissions);
  const options = saveOptions({ docked, mode: values.mode });
  const checklist = descriptionChecklist(values.description, values.descriptionDoc);
  const subtasksAllowed = canAddSubtasks(permissions, values.level);
  const busy = saving !== null;

  const groupOptions = useMemo(() => {
    const active = (groupList?.results ?? []).filter((g) => g.status === 1 && g.memberStatus === 1);
    const list = active.map((g) => ({ value: g.id, label: g.title }));
    if (task && !list.some((g) => g.value === task.group.id))
      list.push({ value: task.group.id, label: task.group.title });
    return list;
  }, [groupList, task]);
  const groupById = (id: string | null) => groupList?.results.find((g) => g.id === id);
  const selectedGroup = groupById(values.group);
  // A sub-task lives in its parent's group (spec 000 §5: group disabled when a parent group is fixed).
  const groupFixed = Boolean(task?.parent) || Boolean(defaults?.parent && defaults.group);
  // Only accepted members of the task's group can be assigned (the creator by default).
  const memberOptions = assigneeOptions(selectedGroup, me?.id);
  const assignees = effectiveAssignees(delegation.picked, me?.id, memberOptions);
  const changeDelegation = (next: DelegationDraft) => {
    setDelegation(next);
    form.clearFieldError('assignees');
  };

  const codeText = (msg: string) => (msg in CODE_KEYS ? t(CODE_KEYS[msg as keyof typeof CODE_KEYS]) : msg);

  function showSaveError(err: unknown, title: string) {
    if (err instanceof ApiError && Object.keys(err.errors).length > 0) {
      const next: Partial<Record<ErrorKey, string>> = {};
      for (const [path, msg] of Object.entries(err.errors)) {
        const f: ErrorKey | null = path.startsWith('taskAssignees') ? 'assignees' : fieldOfErrorPath(path);
        if (f && !next[f]) next[f] = codeText(msg);
      }
      if (ADVANCED_FIELDS.some((f) => next[f]) || next.assignees) setAdvanced(true);
      form.setErrors(next);
    }
    // The server may answer a spec code as its fallback message (task-form.title-required): say it in words.
    if (err instanceof ApiError && (err.code in CODE_KEYS || err.fallbackMessage in CODE_KEYS))
      notifyError(title, codeText(err.code in CODE_KEYS ? err.code : err.fallbackMessage));
    else notifyFailure(title, err, t('errors.generic'));
  }

  /** The e-mails typed while creating go once the task exists; one failing does not stop the others. */
  async function sendQueuedInvites(taskId: string, invites: DelegationDraft['invites']) {
    for (const invite of invites) {
      try {
        await inviteToTask(taskId, invite.email, invite.role, { revalidate: false });
      } catch (err) {
        notifyError(t('invite.failed', { email: invite.email }), errorText(err, t('errors.generic')));
      }
    }
    await revalidateTasks();
  }

  function finish(option: SaveOption, id: string | undefined) {
    if (option === 'saveAndClose') onClose();
    else if (option === 'saveAndNew') onSwitch(undefined);
    else onSwitch(id);
  }

  async function submit(
    option: SaveOption,
    currentRows: SubtaskRow[] = rows,
    scope?: 'one' | 'whole',
    /** After a conflict: the task the edits now go over and the values chosen (state is not updated yet). */
    over?: { base: TaskView; values: TaskFormValues },
  ) {
    const found = { ...form.validate().errors } as Partial<Record<ErrorKey, string>>;
    if (!found.group && task === null && assignees.length === 0)
      found.assignees = t('form.errors.assigneesRequired');
    if (Object.keys(found).length > 0) {
      form.setErrors(found);
      if (found.group || found.assignees) setAdvanced(true);
      if (found.title) titleRef.current?.focus();
      return;
    }
    if (unfinishedRows(currentRows).length > 0) {
      setWarnUnfinished(option);
      return;
    }
    setWarnUnfinished(null);
    // Spec 000 §4: an existing routine instance or definition asks what the change is for.
    if (task && routineKind && scope === undefined) {
      setRoutineAsk({ option, rows: currentRows });
      return;
    }
    setRoutineAsk(null);
    const scheduleDraft = task === null ? (scheduleRef.current?.prepare() ?? { ok: true, body: null }) : null;
    if (scheduleDraft && !scheduleDraft.ok) {
      notifyError(t('form.createFailed'), ts('fixErrors'));
      return;
    }
    form.clearErrors();
    const titles = titlesToSave(currentRows);
    setSaving(option);
    if (task === null) {
      try {
        const invites = delegation.mode === 'shared' ? delegation.invites : [];
        const [created] = await createTask({
          ...createInput(values, titles, defaults?.parent),
          ...assigneesPayload(assignees, delegation.mode, invites),
        });
        notifySuccess(t('form.created'));
        if (created) await mutate(taskKey(created.id), created, { revalidate: false });
        if (created && scheduleDraft?.ok && scheduleDraft.body) {
          try {
            await saveTaskSchedule(created.id, scheduleDraft.body);
          } catch (err) {
            notifyError(ts('applyFailed'), errorText(err, t('errors.generic')));
          }
        }
        if (created && invites.length > 0) await sendQueuedInvites(created.id, invites);
        if (created && pendingFiles.length > 0) {
          void uploadFiles(created.id, pendingFiles);
          setPendingFiles([]);
        }
        finish(option, created?.id);
      } catch (err) {
        showSaveError(err, t('form.createFailed'));
        setSaving(null);
      }
      return;
    }
    const edited = over?.base ?? base ?? task;
    const patch = updateInput(edited, over?.values ?? values, edited.permissions);
    const changed = Object.keys(patch).length > 0;
    const made: number[] = [];
    // An instance saved for the whole routine changes its definition (`<definitionId>~<day>`).
    const targetId = saveTargetId(task.id, routineKind, scope ?? 'one') ?? task.id;
    // The version the edits were made over: a task changed meanwhile answers 409 with its new values.
    const version = targetId === edited.id ? edited.version : undefined;
    try {
      if (changed) {
        ownSave.current = true;
        const saved = await updateTask(
          targetId,
          version === undefined ? patch : { ...patch, version },
        ).finally(() => {
          ownSave.current = false;
        });
        if (saved.id === edited.id) setBase(saved);
      }
      for (const row of currentRows) {
        if (!row.kept || !row.title.trim()) continue;
        await createTask(
          { title: row.title.trim(), group: task.group.id, parent: task.id },
          { revalidate: false },
        );
        made.push(row.key);
      }
      if (made.length > 0) await revalidateTasks();
      if (changed || made.length > 0) notifySuccess(t('form.updated'));
      if (patch.status !== undefined && becameDone(edited.status.id, patch.status)) playConfetti();
      finish(option, task.id);
    } catch (err) {
      const theirs = err instanceof ApiError && err.status === 409 ? conflictTaskOf(err.detail) : null;
      if (theirs) {
        setSaving(null);
        const merge = takeIn(theirs, option, currentRows, scope);
        // Only fields they left were mine: nothing of theirs is overwritten, so it saves again at once.
        if (merge.conflicts.length === 0)
          void submit(option, currentRows, scope, { base: theirs, values: merge.merged });
        return;
      }
      // Sub-tasks already created are not offered again.
      if (made.length > 0) {
        setRows(currentRows.filter((r) => !made.includes(r.key)));
        await revalidateTasks();
      }
      showSaveError(err, t('form.updateFailed'));
      setSaving(null);
    }
  }

  const answerWarning = (keep: boolean) => {
    const next = resolveUnfinished(rows, keep);
    const option = warnUnfinished ?? 'saveAndClose';
    setRows(next);
    setWarnUnfinished(null);
    void submit(option, next);
  };

  function makeSubtasks() {
    // A checklist line "- [ ] Buy milk" becomes "Buy milk", not "[ ] Buy milk".
    const titles = subtaskTitlesFrom(values.description)
      .map((x) => x.replace(/^\[[ xX]\]\s*/, ''))
      .filter(Boolean);
    if (titles.length === 0) return;
    setRows((r) => [...r.filter((x) => x.title.trim()), ...rowsFromTitles(titles)]);
    set({ description: '', descriptionDoc: null });
  }

  async function copyLink() {
    if (!task) return;
    const link = `${window.location.origin}${taskPath(task.id)}`;
    try {
      await navigator.clipboard.writeText(link);
      notifications.show({ color: 'teal', title: t('form.linkCopied'), message: link, autoClose: 3000 });
    } catch {
      notifyError(t('form.copyFailed'), link);
    }
  }

  async function remove(withChildren: boolean) {
    if (!task) return;
    setDeleting(true);
    try {
      await deleteTasks([task.id], withChildren);
      notifySuccess(t('form.deleted'));
      setConfirmDelete(false);
      onClose();
    } catch (err) {
      notifyFailure(t('form.deleteFailed'), err, t('errors.generic'));
      setDeleting(false);
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (canSave && !busy) void submit('saveAndClose');
  };

  const modeToggle =
    values.mode === 'draft' || values.mode === 'active' ? (
      <SegmentedControl
        aria-label={t('form.mode')}
        size="xs"
        value={values.mode}
        onChange={(v) => set({ mode: v === 'draft' ? 'draft' : 'active' })}
        disabled={busy || !can('mode')}
        data={[
          { value: 'draft', label: t('modes.draft') },
          { value: 'active', label: t('modes.active') },
        ]}
      />
    ) : (
      <Badge variant="light" color={values.mode === 'completed' ? 'green' : 'grape'}>
        {t(`modes.${values.mode}`)}
      </Badge>
    );

  const formPanel = (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {task && !canSave && (
          <Alert color="gray" variant="light">
            {t('form.readOnly')}
          </Alert>
        )}
        {changedUnder && task && !conflict && (
          <TaskChangedNotice
            onLoad={() => takeIn(task, 'save', rows)}
            onKeep={() => setChangedUnder(false)}
          />
        )}
        {conflict && (
          <TaskConflictPanel
            fields={conflict.merge.conflicts}
            theirs={valuesFromTask(conflict.theirs)}
            mine={conflict.merge.merged}
            choices={choices}
            onChoose={(f, c) => setChoices((all) => ({ ...all, [f]: c }))}
            saving={busy}
            groupTitle={(id) =>
              groupById(id)?.title ??
              (id === conflict.theirs.group.id ? conflict.theirs.group.title : (id ?? ''))
            }
            onSave={() => {
              const chosen = resolveMerge(conflict.merge, valuesFromTask(conflict.theirs), choices);
              form.setValues(chosen);
              setConflict(null);
              void submit(conflict.option, conflict.rows, conflict.scope, {
                base: conflict.theirs,
                values: chosen,
              });
            }}
            onTakeTheirs={() => {
              const all = Object.fromEntries(conflict.merge.conflicts.map((f) => [f, 'theirs' as const]));
              form.setValues(resolveMerge(conflict.merge, valuesFromTask(conflict.theirs), all));
              setConflict(null);
            }}
          />
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          {modeToggle}
          {task && (
            <Group gap={4} wrap="wrap">
              {task.parent && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconArrowUp size={14} />}
                  onClick={() => onSwitch(task.parent!.id)}
                  title={t('form.openParent')}
                  maw={260}
                >
                  <Text span size="sm" truncate>
                    {task.parent.title
                      ? t('form.parent', { title: task.parent.title })
                      : t('form.openParent')}
                  </Text>
                </Button>
              )}
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconLink size={14} />}
                onClick={() => void copyLink()}
              >
                {t('form.copyLink')}
              </Button>
              {canDeleteTask(task.permissions) && (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => setConfirmDelete(true)}
                  disabled={busy}
                >
                  {t('form.delete')}
                </Button>
              )}
            </Group>
          )}
        </Group>

        <TextInput
          ref={titleRef}
          label={t('form.name')}
          required
          value={values.title}
          maxLength={TEXT_LIMITS.taskTitle}
          readOnly={!can('title')}
          error={errors.title}
          onChange={(e) => set({ title: e.currentTarget.value }, 'title')}
          data-autofocus={isNew ? true : undefined}
        />
        <Stack gap={6}>
          <LazyRichTextEditor
            key={descriptionEditorKey(values)}
            label={t('form.description')}
            doc={values.descriptionDoc}
            text={values.description}
            readOnly={!can('description')}
            error={errors.description}
            onChange={(doc, text) => {
              editorSaid.current = { doc, text };
              set({ descriptionDoc: doc, description: text }, 'description');
            }}
          />
          {(checklist || (canMakeSubtasks(values.description) && subtasksAllowed && can('description'))) && (
            <Group gap="sm" justify="space-between">
              {checklist ? (
                <Badge
                  variant="light"
                  color={checklist.done === checklist.total ? 'green' : 'gray'}
                  leftSection={<IconChecklist size={12} aria-hidden />}
                  aria-label={t('form.checklistLabel', checklist)}
                >
                  {t('form.checklist', checklist)}
                </Badge>
              ) : (
                <span />
              )}
              {canMakeSubtasks(values.description) && subtasksAllowed && can('description') && (
                <Button
                  variant="light"
                  size="compact-sm"
                  leftSection={<IconListDetails size={14} />}
                  onClick={makeSubtasks}
                >
                  {t('form.makeSubtasks')}
                </Button>
              )}
            </Group>
          )}
        </Stack>

        <SubtasksField
          existing={[...(task?.children ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt))}
          rows={rows}
          onRowsChange={(r) => {
            setRows(r);
            if (warnUnfinished && unfinishedRows(r).length === 0) setWarnUnfinished(null);
          }}
          canAdd={subtasksAllowed}
          error={errors.subtasks}
          highlightUnfinished={warnUnfinished !== null}
          onOpenTask={(id) => onSwitch(id)}
        />

        <DueDateField
          value={values.due}
          onChange={(due) => set({ due }, 'dueAt')}
          readOnly={!can('dueAt')}
          error={errors.dueAt}
        />

        <ScheduleEditor
          taskId={task?.id ?? null}
          scheduled={Boolean(task?.scheduledTask)}
          readOnly={!canSave}
          draftRef={scheduleRef}
        />

        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconAdjustmentsHorizontal size={14} />}
          rightSection={advanced ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          aria-expanded={advanced}
          aria-controls="task-form-advanced"
          onClick={() => setAdvanced((a) => !a)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('form.advanced')}
        </Button>
        {advanced && (
          <Stack gap="sm" id="task-form-advanced">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select<number>
                label={t('form.level')}
                data={TASK_LEVELS.map((l) => ({
                  value: l.id,
                  label: t(`levels.${l.id}` as 'levels.1', { defaultValue: l.title }),
                }))}
                value={values.level}
                onChange={(v) => v !== null && set({ level: v }, 'level')}
                allowDeselect={false}
                disabled={!can('level')}
                error={errors.level}
              />
              <Select<number>
                label={t('form.status')}
                data={statusOptions(isNew).map((s) => ({
                  value: s.id,
                  label: t(`statuses.${s.id}` as 'statuses.1', { defaultValue: s.title }),
                }))}
                value={values.status}
                onChange={(v) => v !== null && set({ status: v }, 'status')}
                allowDeselect={false}
                disabled={!can('status')}
                error={errors.status}
              />
              <Select
                label={t('form.group')}
                required
                data={groupOptions}
                value={values.group}
                onChange={(v) => v !== null && set({ group: v }, 'group')}
                allowDeselect={false}
                searchable={groupOptions.length > 8}
                disabled={!can('group') || groupFixed}
                error={errors.group}
                leftSection={
                  selectedGroup ? (
                    <GroupMark
                      color={selectedGroup.metadata.color}
                      icon={selectedGroup.metadata.icon}
                      size={20}
                    />
                  ) : undefined
                }
                renderOption={({ option }) => {
                  const g = groupById(option.value);
                  return (
                    <Group gap="xs" wrap="nowrap">
                      <GroupMark color={g?.metadata.color} icon={g?.metadata.icon} size={20} />
                      <Text size="sm">{option.label}</Text>
                    </Group>
                  );
                }}
              />
              <Select<number>
                label={t('form.priorityGroup')}
                data={priorityGroupOptions(values.priorityGroup).map((g) => ({
                  value: g.id,
                  label: t(`priorityGroups.${g.id}` as 'priorityGroups.0', { defaultValue: g.title }),
                  disabled: g.disabled,
                }))}
                value={values.priorityGroup}
                onChange={(v) => v !== null && set({ priorityGroup: v }, 'priorityGroup')}
                allowDeselect={false}
                disabled={!can('priorityGroup')}
                error={errors.priorityGroup}
              />
            </SimpleGrid>
            <Switch
              label={t('form.urgent')}
              description={t('form.urgentHint')}
              checked={values.urgent}
              onChange={(e) => set({ urgent: e.currentTarget.checked }, 'flag')}
              disabled={!can('flag')}
              error={errors.flag}
              color="red"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="xs">
              <AssigneesField
                task={task}
                group={selectedGroup}
                me={me?.id}
                draft={delegation}
                onChange={changeDelegation}
                error={errors.assignees}
                disabled={busy}
              />
              <InvitePanel
                task={task}
                queued={delegation.invites}
                onQueuedChange={(invites) => changeDelegation({ ...delegation, invites })}
                individual={delegation.mode === 'individual'}
                assigneeEmails={
                  task
                    ? task.taskAssignees.map((a) => a.email)
                    : memberOptions
                        .filter((o) => assignees.some((a) => a.user === o.user))
                        .map((o) => o.email)
                }
                disabled={busy}
              />
            </SimpleGrid>
          </Stack>
        )}

        {warnUnfinished !== null && (
          <Alert
            ref={warningRef}
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
          >
            <Stack gap="sm">
              <Text size="sm">{t('form.errors.unsavedSubtask')}</Text>
              <Group gap="sm">
                <Button size="xs" color="yellow" onClick={() => answerWarning(true)}>
                  {t('form.warning.keepAndSave')}
                </Button>
                <Button size="xs" variant="default" onClick={() => answerWarning(false)}>
                  {t('form.warning.removeAndSave')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}

        {routineAsk !== null && (
          <Alert color="blue" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            <Stack gap="sm">
              <Text size="sm">
                {routineKind === 'definition' ? ts('routine.definitionQuestion') : ts('routine.question')}
              </Text>
              {routineKind === 'instance' && task && !definitionIdOf(task.id) && (
                <Text size="xs" c="dimmed">
                  {ts('routine.noDefinition')}
                </Text>
              )}
              <Group gap="sm">
                {routineKind === 'instance' && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => void submit(routineAsk.option, routineAsk.rows, 'one')}
                  >
                    {ts('routine.onlyThis')}
                  </Button>
                )}
                <Button
                  size="xs"
                  onClick={() => void submit(routineAsk.option, routineAsk.rows, 'whole')}
                  disabled={routineKind === 'instance' && task !== null && !definitionIdOf(task.id)}
                >
                  {ts('routine.whole')}
                </Button>
                <Button size="xs" variant="subtle" color="gray" onClick={() => setRoutineAsk(null)}>
                  {ts('routine.cancel')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}

        <Divider />
        <Group justify="space-between" gap="sm" wrap="wrap-reverse">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {canSave ? t('actions.cancel') : t('actions.close')}
          </Button>
          {canSave && (
            <Group gap="sm" justify="flex-end" wrap="wrap" style={{ flex: 1 }}>
              {options.includes('save') && (
                <Button
                  variant="default"
                  onClick={() => void submit('save')}
                  loading={saving === 'save'}
                  disabled={busy && saving !== 'save'}
                >
                  {t('form.save')}
                </Button>
              )}
              {options.includes('saveAndNew') && (
                <Button
                  variant="default"
                  onClick={() => void submit('saveAndNew')}
                  loading={saving === 'saveAndNew'}
                  disabled={busy && saving !== 'saveAndNew'}
                >
                  {t('form.saveAndNew')}
                </Button>
              )}
              <Button
                type="submit"
                loading={saving === 'saveAndClose'}
                disabled={busy && saving !== 'saveAndClose'}
              >
                {t('form.saveAndClose')}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
      {task && (
        <DeleteTaskDialog
          task={task}
          opened={confirmDelete}
          busy={deleting}
          onConfirm={(withChildren) => void remove(withChildren)}
          onCancel={() => setConfirmDelete(false)}
        />
      )}
    </form>
  );

  return (
    <Tabs {...tabGuard.tabsProps} keepMounted={false}>
      {tabGuard.prompt}
      <Tabs.List mb="md">
        <Tabs.Tab value="task">{t('form.tabs.task')}</Tabs.Tab>
        <Tabs.Tab value="customFields">{t('form.tabs.customFields')}</Tabs.Tab>
        {task && <ReportTabItem task={task} />}
        <Tabs.Tab value="attachments">{t('form.tabs.attachments')}</Tabs.Tab>
        {task && <Tabs.Tab value="videos">{t('attachments.tabVideos')}</Tabs.Tab>}
        {/* Spec 000 §2's order: … attachments, video links, notifications, messages (both hidden for routine definitions), members. */}
        {task && routineKind !== 'definition' && (
          <Tabs.Tab value="notifications">{t('form.tabs.notifications')}</Tabs.Tab>
        )}
        {task && routineKind !== 'definition' && <Tabs.Tab value="messages">{tc('chat.tab')}</Tabs.Tab>}
        {task && <Tabs.Tab value="members">{t('form.tabs.members')}</Tabs.Tab>}
        {task?.inputType === 'audio' && <Tabs.Tab value="audio">{t('audio.tab')}</Tabs.Tab>}
        <AgendasTabItem task={task} />
      </Tabs.List>
      <Tabs.Panel value="task">{formPanel}</Tabs.Panel>
      <Tabs.Panel value="customFields">
        <CustomFieldsTab task={task} onDirtyChange={tabGuard.dirtyFor('customFields')} />
      </Tabs.Panel>
      {task && (
        <Tabs.Panel value="report">
          <ReportTab task={task} />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="attachments">
        <AttachmentsTab
          taskId={task?.id ?? null}
          canEdit={!task || task.permissions.includes('task.addAttachments')}
          pending={pendingFiles}
          onPendingChange={setPendingFiles}
        />
      </Tabs.Panel>
      {task && (
        <Tabs.Panel value="videos">
          <VideoLinksTab taskId={task.id} canEdit={task.permissions.includes('task.addAttachments')} />
        </Tabs.Panel>
      )}
      {task && (
        <Tabs.Panel value="members">
          <TaskMembersTab task={task} />
        </Tabs.Panel>
      )}
      {task && routineKind !== 'definition' && (
        <>
          <Tabs.Panel value="messages">
            <Suspense fallback={null}>
              <TaskChatTab taskId={task.id} onDirtyChange={onChatDirty} />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="notifications">
            <TaskNotificationsTab taskId={task.id} />
          </Tabs.Panel>
        </>
      )}
      {task?.inputType === 'audio' && (
        <Tabs.Panel value="audio">
          <Suspense fallback={null}>
            <AudioTab taskId={task.id} canEdit={task.permissions.includes('task.addAttachments')} />
          </Suspense>
        </Tabs.Panel>
      )}
      <AgendasTabPanel task={task} />
    </Tabs>
  );
}

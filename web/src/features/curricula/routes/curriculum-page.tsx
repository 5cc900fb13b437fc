/**
 * /curriculum (spec 002 §2 "Curriculum screen"; decisions D66): curricula by type (own, delegated to
 * me, templates), optionally of one group, beside the one chosen (?id=): its progress bar, each
 * learner's progress for the author, its lessons in order (the author drags them), lessons added from
 * template tasks or new, the curriculum's own files and video links (D72), delegation, clone and
 * delete. Below 1024 px the two columns stack; the three types are tabs above both.
 */
import '../i18n.ts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { CURRICULUM_TYPES, type CurriculumType, progressPercent } from '@tandem/shared/curricula/rules';
import type { CurriculumView, LessonView } from '@tandem/shared/curricula/views';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-error.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { ConfirmDialog } from '../../groups/components/confirm-dialog.tsx';
import { useTemplateTree } from '../../templates/api/templates.ts';
import {
  addLearner,
  addLessonFromTemplate,
  addNewLesson,
  cloneCurriculum,
  createCurriculum,
  deleteCurriculum,
  deleteLesson,
  moveLesson,
  removeLearner,
  setLessonStatus,
  useCurricula,
  useCurriculum,
  useLessons,
} from '../api/curricula.ts';
import { CurriculumAttachments } from '../components/curriculum-attachments.tsx';
import { LessonList } from '../components/lesson-list.tsx';
import { failed, notify } from '../utils/notify.ts';

function ProgressBar({ ratio, label }: { ratio: number; label: string }) {
  const { t } = useTranslation('curricula');
  const percent = progressPercent(ratio);
  return (
    <Stack gap={4}>
      <Progress value={percent} size="lg" aria-label={label} color={percent === 100 ? 'teal' : 'blue'} />
      <Text size="sm" data-testid="curriculum-progress">
        {t('progress', { percent })}
      </Text>
    </Stack>
  );
}

function CurriculumCard({ c, active, onOpen }: { c: CurriculumView; active: boolean; onOpen: () => void }) {
  const { t } = useTranslation('curricula');
  return (
    <UnstyledButton onClick={onOpen} aria-current={active ? 'true' : undefined} data-testid="curriculum-card">
      <Paper
        withBorder
        p="sm"
        radius="sm"
        style={active ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {c.title}
          </Text>
          <Badge variant="light" size="sm">
            {progressPercent(c.progressRatio)} %
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {c.group.title} · {t('lessons', { count: c.lessonCount })}
          {c.isOwner ? '' : ` · ${t('by', { name: c.owner.name })}`}
        </Text>
        <Progress value={progressPercent(c.progressRatio)} size="xs" mt={6} aria-hidden />
      </Paper>
    </UnstyledButton>
  );
}

function NewCurriculum({
  groups,
  onMade,
}: {
  groups: Array<{ value: string; label: string }>;
  onMade: (id: string) => void;
}) {
  const { t } = useTranslation('curricula');
  const [title, setTitle] = useState('');
  const [group, setGroup] = useState<string | null>(null);
  const [template, setTemplate] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const g = group ?? groups[0]?.value;
    if (!title.trim() || !g) return;
    setBusy(true);
    try {
      const c = await createCurriculum({ title, group: g, mode: template ? 'template' : 'active' });
      setTitle('');
      onMade(c.id);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="sm" radius="sm" component="form" onSubmit={submit}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('new')}
        </Text>
        <TextInput label={t('newTitle')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Select
          label={t('group')}
          data={groups}
          value={group ?? groups[0]?.value ?? null}
          onChange={setGroup}
          allowDeselect={false}
        />
        <Checkbox
          label={t('asTemplate')}
          checked={template}
          onChange={(e) => setTemplate(e.currentTarget.checked)}
        />
        <Button type="submit" loading={busy} disabled={!title.trim()}>
          {t('create')}
        </Button>
      </Stack>
    </Paper>
  );
}

function CurriculumDetail({ id, onGone }: { id: string; onGone: () => void }) {
  const { t } = useTranslation('curricula');
  const { data: c, error } = useCurriculum(id);
  const { data: lessons } = useLessons(id);
  const { data: tree } = useTemplateTree();
  const [templateTask, setTemplateTask] = useState<string | null>(null);
  const [newTitle, setNewTitle] = useState('');
  const [email, setEmail] = useState('');
  const [removing, setRemoving] = useState(false);
  const [leaving, setLeaving] = useState<{ user: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const templateOptions = useMemo(
    () =>
      (tree?.groups ?? []).flatMap((g) =>
        g.templates
          .filter((x) => x.type === 'task')
          .map((x) => ({ value: x.task.id, label: `${x.title} · ${g.title}` })),
      ),
    [tree],
  );
  if (error) return <Alert color="red">{error instanceof ApiError ? error.message : String(error)}</Alert>;
  if (!c) return <Loader />;
  const run = async (p: Promise<unknown>, after?: () => void) => {
    setBusy(true);
    try {
      await p;
      after?.();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  const list: LessonView[] = lessons?.results ?? [];
  // The author follows their own track; a learner theirs. A member who is neither only reads.
  const following = c.isOwner || c.type === 'delegated';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>
            {c.title}
          </Title>
          <Text size="sm" c="dimmed">
            {c.group.title} · {t('lessons', { count: c.lessonCount })} · {t(`types.${c.type}`)}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            disabled={busy}
            onClick={() =>
              run(cloneCurriculum(c.id).then((x) => notify('teal', t('cloned', { title: x.title }))))
            }
          >
            {t('clone')}
          </Button>
          {c.isOwner && c.mode === 'active' && (
            <Button
              variant="default"
              size="xs"
              disabled={busy}
              onClick={() => run(cloneCurriculum(c.id, 'template'))}
            >
              {t('cloneAsTemplate')}
            </Button>
          )}
          {c.isOwner && (
            <Button variant="light" color="red" size="xs" onClick={() => setRemoving(true)}>
              {t('delete')}
            </Button>
          )}
        </Group>
      </Group>
      {following && <ProgressBar ratio={c.progressRatio} label={t('progressOf', { title: c.title })} />}

      {lessons ? (
        list.length ? (
          <LessonList
            lessons={list}
            canMove={c.isOwner}
            canChangeStatus={following}
            onMove={(lessonId, to) => moveLesson(c.id, list, lessonId, to).catch(failed)}
            onStatus={(l, status) => run(setLessonStatus(l.task.id, status))}
            onRemove={(l) => run(deleteLesson(l.id))}
          />
        ) : (
          <Text c="dimmed">{t('noLessons')}</Text>
        )
      ) : (
        <Loader size="sm" />
      )}

      {c.isOwner && (
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <Select
                style={{ flex: 1 }}
                label={t('addFromTemplate')}
                placeholder={t('templatePlaceholder')}
                data={templateOptions}
                value={templateTask}
                onChange={setTemplateTask}
                searchable
              />
              <Button
                disabled={!templateTask || busy}
                onClick={() => run(addLessonFromTemplate(c.id, templateTask!), () => setTemplateTask(null))}
              >
                {t('add')}
              </Button>
            </Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Group
              align="flex-end"
              gap="xs"
              wrap="nowrap"
              component="form"
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                if (newTitle.trim()) run(addNewLesson(c.id, newTitle), () => setNewTitle(''));
              }}
            >
              <TextInput
                style={{ flex: 1 }}
                label={t('addNew')}
                placeholder={t('lessonTitle')}
                value={newTitle}
                onChange={(e) => setNewTitle(e.currentTarget.value)}
              />
              <Button type="submit" disabled={!newTitle.trim() || busy}>
                {t('add')}
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      )}

      <CurriculumAttachments curriculumId={c.id} canEdit={c.isOwner} />

      {c.isOwner && c.mode === 'active' && (
        <Stack gap="xs">
          <Title order={4}>{t('learners')}</Title>
          {c.learners.length ? (
            <Table data-testid="learners">
              <Table.Tbody>
                {c.learners.map((l) => (
                  <Table.Tr key={l.user}>
                    <Table.Td>
                      <Text size="sm">{l.name || l.email}</Text>
                      <Text size="xs" c="dimmed">
                        {l.email}
                      </Text>
                    </Table.Td>
                    <Table.Td w="45%">
                      <Progress value={progressPercent(l.progressRatio)} aria-label={l.email} />
                    </Table.Td>
                    <Table.Td
                      w={60}
                      ta="right"
                      style={{ whiteSpace: 'nowrap' }}
                      data-testid={`learner-progress-${l.email}`}
                    >
                      {progressPercent(l.progressRatio)} %
                    </Table.Td>
                    <Table.Td w={44}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('removeLearner', { name: l.name || l.email })}
                        onClick={() => setLeaving({ user: l.user, name: l.name || l.email })}
                        disabled={busy}
                      >
                        <IconUserMinus size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              {t('noLearners')}
            </Text>
          )}
          <Group
            align="flex-end"
            gap="xs"
            wrap="nowrap"
            component="form"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              const to = email.trim();
              if (to)
                run(addLearner(c.id, to), () => {
                  setEmail('');
                  notify('teal', t('delegated', { email: to }));
                });
            }}
          >
            <TextInput
              style={{ flex: 1 }}
              type="email"
              label={t('delegateEmail')}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" disabled={!email.trim() || busy}>
              {t('delegate')}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        opened={leaving !== null}
        title={t('removeLearnerTitle')}
        confirmLabel={t('removeLearnerTitle')}
        busy={busy}
        onCancel={() => setLeaving(null)}
        onConfirm={() => {
          if (!leaving) return;
          const name = leaving.name;
          run(removeLearner(c.id, leaving.user), () => {
            setLeaving(null);
            notify('teal', t('learnerRemoved', { name }));
          });
        }}
      >
        {t('removeLearnerConfirm', { name: leaving?.name ?? '', title: c.title })}
      </ConfirmDialog>
      <ConfirmDialog
        opened={removing}
        title={t('delete')}
        confirmLabel={t('delete')}
        busy={busy}
        onCancel={() => setRemoving(false)}
        onConfirm={() =>
          run(deleteCurriculum(c.id), () => {
            setRemoving(false);
            onGone();
          })
        }
      >
        {t('deleteConfirm', { title: c.title })}
      </ConfirmDialog>
    </Stack>
  );
}

export default function CurriculumPage() {
  const { t } = useTranslation('curricula');
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const [type, setType] = useState<CurriculumType>('own');
  const [group, setGroup] = useState<string | null>(null);
  const { data, isLoading, error } = useCurricula(type, group);
  const { data: groups } = useGroups();
  const groupOptions = useMemo(
    () => (groups?.results ?? []).map((g) => ({ value: g.id, label: g.title })),
    [groups],
  );
  const open = (next: string | null) =>
    setParams((p) => {
      const q = new URLSearchParams(p);
      if (next) q.set('id', next);
      else q.delete('id');
      return q;
    });
  const columns = (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 4 }} order={{ base: id ? 2 : 1, lg: 1 }}>
        <Stack gap="sm">
          <Select
            aria-label={t('groupFilter')}
            placeholder={t('allGroups')}
            data={groupOptions}
            value={group}
            onChange={setGroup}
            clearable
          />
          {isLoading && <Loader size="sm" />}
          {error && <Alert color="red">{error instanceof ApiError ? error.message : String(error)}</Alert>}
          {data && !data.results.length && (
            <Text size="sm" c="dimmed">
              {t('none')}
            </Text>
          )}
          {data?.results.map((c) => (
            <CurriculumCard key={c.id} c={c} active={c.id === id} onOpen={() => open(c.id)} />
          ))}
          {type !== 'delegated' && groupOptions.length > 0 && (
            <NewCurriculum groups={groupOptions} onMade={open} />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }} order={{ base: id ? 1 : 2, lg: 2 }}>
        {id ? (
          <CurriculumDetail key={id} id={id} onGone={() => open(null)} />
        ) : (
          <Paper withBorder p="lg" radius="sm">
            <Text c="dimmed">{t('pick')}</Text>
          </Paper>
        )}
      </Grid.Col>
    </Grid>
  );
  // Tabs, not a segmented control: the three names wrap on a narrow screen instead of being cut.
  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Tabs value={type} onChange={(v) => v && setType(v as CurriculumType)} keepMounted={false}>
        <Tabs.List aria-label={t('typesLabel')}>
          {CURRICULUM_TYPES.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {t(`types.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CURRICULUM_TYPES.map((x) => (
          <Tabs.Panel key={x} value={x} pt="md">
            {columns}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

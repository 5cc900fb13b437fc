/**
 * Curricula (spec 002 §2–§7 "Curriculum"; issue 17 items 1; decisions D66), through the API against
 * the local stack: lessons from template tasks and new, the lesson status ↔ task status mapping (a
 * status with no lesson status refused, nothing written), progressRatio in the same transaction and
 * right under concurrent completions, moves (into another curriculum refused), delegation (each
 * learner's own tasks; the author sees each learner's progress), clone, delete, the plan's limits,
 * and who may (outsiders 404, non-authors 403).
 */
import { randomUUID } from 'node:crypto';
import { CurriculumEntity, LearnerEntity, LessonTaskEntity } from '@tandem/functions/db/entities/curricula';
import { TaskEntity } from '@tandem/functions/db/entities/task';
import { UserEntity } from '@tandem/functions/db/entities/user';
import { CURRICULUM_MESSAGES } from '@tandem/shared/curricula/rules';
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person, stack } from './support.ts';

const { updateLesson } = await import('../../src/core/curricula/lessons.ts');

interface Listed {
  results: Array<{ template_name: string; variables: Record<string, string>; actions: { open: string } }>;
}
const removals = async (api: Api) =>
  ((await api.get('/notifications/?page=1&offset=0&limit=100')).body as Listed).results.filter(
    (n) => n.variables.change === 'curriculum_removed',
  );
const additions = async (api: Api) =>
  ((await api.get('/notifications/?page=1&offset=0&limit=100')).body as Listed).results.filter(
    (n) => n.variables.change === 'curriculum_added',
  );
const mailsTo = async (to: string) =>
  (await (await fetch(`${stack.url}/_local/mail.json?to=${encodeURIComponent(to)}`)).json()) as Array<{
    subject: string;
  }>;

const userItem = async (userId: string) => (await UserEntity.get({ userId }).go()).data!;

async function made(api: Api, path: string, body: object) {
  const r = await api.post(path, body);
  if (r.status !== 201) throw new Error(`${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

interface Lesson {
  id: string;
  sort_code: string;
  order: number;
  status: string;
  task: { id: string; title: string; status: number };
}
const lessons = async (api: Api, id: string) =>
  ((await api.get(`/curriculum/task/list/${id}`)).body as { results: Lesson[] }).results;

async function authorWithCurriculum(lessonTitles: string[] = []) {
  const author = await person('Cora');
  const group = (await newGroup(author.api, `Learning ${randomUUID().slice(0, 6)}`)).id;
  const c = await made(author.api, '/curriculum', { title: 'Onboarding', group });
  for (const title of lessonTitles)
    await made(author.api, '/curriculum/task/create', { curriculum: c.id, title });
  return { author, group, c };
}

describe('curricula', () => {
  it('builds lessons from template tasks, links them back, and recomputes progress on a status change', async () => {
    const { author, group, c } = await authorWithCurriculum();
    expect(c).toMatchObject({
      title: 'Onboarding',
      type: 'own',
      mode: 'active',
      lesson_count: 0,
      progress_ratio: 0,
    });
    const templates = [];
    for (const title of ['Welcome', 'Tools', 'Security']) {
      templates.push((await made(author.api, '/task/template', { title, group })).id as string);
    }
    for (const t of templates)
      await made(author.api, '/curriculum/task', { curriculum: c.id, template_task: t });
    const list = await lessons(author.api, c.id);
    expect(list.map((l) => [l.task.title, l.order, l.status])).toEqual([
      ['Welcome', 0, 'not_started'],
      ['Tools', 1, 'not_started'],
      ['Security', 2, 'not_started'],
    ]);
    // The lesson's task is an active task of the author's, linked back to the curriculum.
    const task = (await author.api.get(`/task/${list[0]!.task.id}`)).body;
    expect(task.mode).toBe('active');
    expect(task.curriculum_task_instance).toEqual({
      id: list[0]!.task.id,
      curriculum_id: c.id,
      curriculum_title: 'Onboarding',
    });
    // The template task itself is untouched and not a lesson.
    expect((await TaskEntity.get({ taskId: templates[0]! }).go()).data!.mode).toBe('template');
    const notTemplate = await author.api.post('/curriculum/task', {
      curriculum: c.id,
      template_task: list[0]!.task.id,
    });
    expect(notTemplate.status).toBe(400);
    expect(notTemplate.body.fallback_message).toBe(CURRICULUM_MESSAGES.notATemplateTask);

    const done = await author.api.patch(`/curriculum/task/${list[1]!.id}`, { status: 4 });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', completed: 1, progress_ratio: 0.3333 });
    expect((await author.api.get(`/curriculum/${c.id}`)).body).toMatchObject({
      completed: 1,
      progress_ratio: 0.3333,
    });
    const t = (await author.api.get(`/task/${list[1]!.task.id}`)).body;
    expect(t.status.id).toBe(4);
    expect(t.mode).toBe('completed');
    expect(t.completion_at).not.toBeNull();
    // Done again counts once; back to Active counts out.
    await author.api.patch(`/curriculum/task/${list[1]!.id}`, { status: 4 });
    expect((await author.api.get(`/curriculum/${c.id}`)).body.completed).toBe(1);
    const undone = await author.api.patch(`/curriculum/task/${list[1]!.id}`, { status: 2 });
    expect(undone.body).toMatchObject({ status: 'in_progress', completed: 0, progress_ratio: 0 });
    expect((await author.api.get(`/task/${list[1]!.task.id}`)).body.mode).toBe('active');
  });

  it('brings the lesson along when its task is completed elsewhere (Today, the task form)', async () => {
    const { author, c } = await authorWithCurriculum(['One', 'Two']);
    const [l] = await lessons(author.api, c.id);
    expect((await author.api.patch(`/task/${l!.task.id}`, { status: 4 })).status).toBe(200);
    await expect
      .poll(async () => (await author.api.get(`/curriculum/${c.id}`)).body.progress_ratio, {
        timeout: 20_000,
      })
      .toBe(0.5);
    expect((await lessons(author.api, c.id))[0]!.status).toBe('completed');
    // Paused from the task form: the lesson keeps its status.
    await author.api.patch(`/task/${l!.task.id}`, { status: 3 });
    await author.api.patch(`/task/${l!.task.id}`, { status: 1 });
    await expect
      .poll(async () => (await author.api.get(`/curriculum/${c.id}`)).body.progress_ratio, {
        timeout: 20_000,
      })
      .toBe(0);
  });

  it('refuses a status that maps to no lesson status, and writes nothing', async () => {
    const { author, c } = await authorWithCurriculum(['One']);
    const [l] = await lessons(author.api, c.id);
    const before = (await TaskEntity.get({ taskId: l!.task.id }).go()).data!;
    const paused = await author.api.patch(`/curriculum/task/${l!.id}`, { status: 3 });
    expect(paused.status).toBe(400);
    expect(paused.body.fallback_message).toBe(CURRICULUM_MESSAGES.noLessonStatus);
    expect((await author.api.patch(`/curriculum/task/${l!.id}`, { status: 'done' })).status).toBe(400);
    const after = (await TaskEntity.get({ taskId: l!.task.id }).go()).data!;
    expect(after.version).toBe(before.version);
    expect(after.status).toBe(1);
  });

  it('counts concurrent completions each once', async () => {
    const titles = ['A', 'B', 'C', 'D', 'E', 'F'];
    const { author, c } = await authorWithCurriculum(titles);
    const list = await lessons(author.api, c.id);
    const answers = await Promise.all(
      list.map((l) => author.api.patch(`/curriculum/task/${l.id}`, { status: 4 })),
    );
    expect(answers.map((a) => a.status)).toEqual(titles.map(() => 200));
    const stored = (await CurriculumEntity.get({ curriculumId: c.id }).go()).data!;
    expect(stored.completedCount).toBe(6);
    expect((await author.api.get(`/curriculum/${c.id}`)).body.progress_ratio).toBe(1);
    // The same lesson completed many times at once, in process (no gateway between): counted once.
    await made(author.api, '/curriculum/task/create', { curriculum: c.id, title: 'G' });
    const g = (await lessons(author.api, c.id)).at(-1)!;
    const actor = { userId: author.userId, username: author.userId };
    const same = await Promise.allSettled(
      Array.from({ length: 5 }, () => updateLesson(actor, g.id, { status: 4 })),
    );
    expect(same.filter((r) => r.status === 'fulfilled').length).toBe(5);
    expect((await CurriculumEntity.get({ curriculumId: c.id }).go()).data!.completedCount).toBe(7);
    await updateLesson(actor, g.id, { status: 1 });
    // And undone at once, and done again at once: still exact.
    await Promise.all(
      list.slice(0, 3).map((l) => author.api.patch(`/curriculum/task/${l.id}`, { status: 1 })),
    );
    expect((await CurriculumEntity.get({ curriculumId: c.id }).go()).data!.completedCount).toBe(3);
  });

  it('moves a lesson between neighbours, and refuses a move into another curriculum', async () => {
    const { author, group, c } = await authorWithCurriculum(['One', 'Two', 'Three']);
    const [one, two, three] = await lessons(author.api, c.id);
    const moved = await author.api.patch(`/curriculum/task/${three!.id}`, {
      sort_code_before: null,
      sort_code_after: one!.sort_code,
    });
    expect(moved.status).toBe(200);
    expect((await lessons(author.api, c.id)).map((l) => l.task.title)).toEqual(['Three', 'One', 'Two']);
    const other = await made(author.api, '/curriculum', { title: 'Other', group });
    await made(author.api, '/curriculum/task/create', { curriculum: other.id, title: 'Elsewhere' });
    const [elsewhere] = await lessons(author.api, other.id);
    // Between the other curriculum's lessons, or named into it: refused, nothing moves.
    const into = await author.api.patch(`/curriculum/task/${one!.id}`, {
      sort_code_before: elsewhere!.sort_code,
      sort_code_after: null,
    });
    expect(into.status).toBe(400);
    expect(into.body.fallback_message).toBe(CURRICULUM_MESSAGES.otherCurriculum);
    const named = await author.api.patch(`/curriculum/task/${one!.id}`, {
      curriculum: other.id,
      sort_code_before: null,
      sort_code_after: null,
    });
    expect(named.status).toBe(400);
    const reversed = await author.api.patch(`/curriculum/task/${one!.id}`, {
      sort_code_before: three!.sort_code > two!.sort_code ? three!.sort_code : two!.sort_code,
      sort_code_after: three!.sort_code > two!.sort_code ? two!.sort_code : three!.sort_code,
    });
    expect(reversed.status).toBe(400);
    expect((await lessons(author.api, c.id)).map((l) => l.task.title)).toEqual(['Three', 'One', 'Two']);
    expect((await lessons(author.api, other.id)).map((l) => l.task.title)).toEqual(['Elsewhere']);
  });

  it('gives each learner their own lesson tasks, and shows the author each learner’s progress', async () => {
    const { author, group, c } = await authorWithCurriculum(['One', 'Two', 'Three']);
    const [lea, max, outsider] = await Promise.all([person('Lea'), person('Max'), person('Otto')]);
    await addMember(author.api, group, lea, 5);
    await addMember(author.api, group, max, 5);
    const refused = await author.api.post(`/curriculum/learner/${c.id}`, { email: outsider.email });
    expect(refused.status).toBe(400);
    expect(refused.body.fallback_message).toBe(CURRICULUM_MESSAGES.learnerNotMember);
    await made(author.api, `/curriculum/learner/${c.id}`, { email: lea.email });
    await made(author.api, `/curriculum/learner/${c.id}`, { email: max.email });
    expect((await author.api.post(`/curriculum/learner/${c.id}`, { email: lea.email })).status).toBe(400);

    const delegated = (await lea.api.get('/curriculum?type=delegated')).body.results;
    expect(delegated.map((x: { id: string; type: string }) => [x.id, x.type])).toEqual([[c.id, 'delegated']]);
    const mine = await lessons(lea.api, c.id);
    const authors = await lessons(author.api, c.id);
    expect(mine.map((l) => l.task.title)).toEqual(['One', 'Two', 'Three']);
    // Her own tasks: not the author's, on her lists.
    expect(mine.map((l) => l.task.id).some((id) => authors.some((a) => a.task.id === id))).toBe(false);
    expect((await lea.api.get(`/task/${mine[0]!.task.id}`)).body.user.id).toBe(lea.userId);

    // She completes one: 33 % for her, for the author's view of her; nothing for the author or Max.
    const done = await lea.api.patch(`/curriculum/task/${mine[0]!.task.id}`, { status: 4 });
    expect(done.body).toMatchObject({ completed: 1, progress_ratio: 0.3333 });
    expect((await lea.api.get(`/curriculum/${c.id}`)).body).toMatchObject({
      type: 'delegated',
      progress_ratio: 0.3333,
    });
    const seen = (await author.api.get(`/curriculum/${c.id}`)).body;
    expect(seen.progress_ratio).toBe(0);
    expect(
      Object.fromEntries(
        seen.learners.map((l: { email: string; progress_ratio: number }) => [l.email, l.progress_ratio]),
      ),
    ).toEqual({ [lea.email]: 0.3333, [max.email]: 0 });
    // A learner sees only their own progress; nobody changes another's lesson.
    expect((await lea.api.get(`/curriculum/${c.id}`)).body.learners).toHaveLength(1);
    expect((await max.api.patch(`/curriculum/task/${mine[1]!.task.id}`, { status: 4 })).status).toBe(403);
    expect((await outsider.api.patch(`/curriculum/task/${mine[1]!.task.id}`, { status: 4 })).status).toBe(
      404,
    );

    // A lesson added later reaches every learner; removed, it leaves their count.
    const fourth = await made(author.api, '/curriculum/task/create', { curriculum: c.id, title: 'Four' });
    expect((await lessons(lea.api, c.id)).map((l) => l.task.title)).toEqual(['One', 'Two', 'Three', 'Four']);
    expect((await lea.api.get(`/curriculum/${c.id}`)).body.progress_ratio).toBe(0.25);
    const first = authors[0]!;
    expect((await author.api.delete(`/curriculum/task/${first.id}`)).status).toBe(204);
    expect(
      (await LearnerEntity.get({ curriculumId: c.id, userId: lea.userId }).go()).data!.completedCount,
    ).toBe(0);
    expect((await lea.api.get(`/curriculum/${c.id}`)).body).toMatchObject({
      lesson_count: 3,
      progress_ratio: 0,
    });
    // Her task stays hers, no longer a lesson.
    const kept = (await lea.api.get(`/task/${mine[0]!.task.id}`)).body;
    expect(kept.curriculum_task_instance).toBeUndefined();
    expect(fourth.id).toBeTruthy();
  });

  it('takes a learner off: their tasks stay theirs, later lessons no longer reach them', async () => {
    const { author, group, c } = await authorWithCurriculum(['One', 'Two']);
    const [lea, max] = await Promise.all([person('Lea'), person('Max')]);
    await addMember(author.api, group, lea, 5);
    await addMember(author.api, group, max, 5);
    await made(author.api, `/curriculum/learner/${c.id}`, { email: lea.email });
    await made(author.api, `/curriculum/learner/${c.id}`, { email: max.email });
    const hers = await lessons(lea.api, c.id);
    // Only the author; someone who does not follow it is 404, and nothing changes.
    expect((await max.api.delete(`/curriculum/learner/${c.id}/${lea.userId}`)).status).toBe(403);
    const nobody = await author.api.delete(`/curriculum/learner/${c.id}/${author.userId}`);
    expect(nobody.status).toBe(404);
    expect(nobody.body.fallback_message).toBe(CURRICULUM_MESSAGES.notALearner);

    const r = await author.api.delete(`/curriculum/learner/${c.id}/${lea.userId}`);
    expect(r.status).toBe(200);
    expect(r.body.learners.map((l: { email: string }) => l.email)).toEqual([max.email]);
    expect((await CurriculumEntity.get({ curriculumId: c.id }).go()).data!.learnerCount).toBe(1);
    expect((await lea.api.get('/curriculum?type=delegated')).body.results).toEqual([]);
    // Her tasks stay hers, no longer lessons.
    const kept = (await lea.api.get(`/task/${hers[0]!.task.id}`)).body;
    expect(kept.user.id).toBe(lea.userId);
    expect(kept.curriculum_task_instance).toBeUndefined();
    // A lesson added later reaches Max, not her; a second removal is 404.
    await made(author.api, '/curriculum/task/create', { curriculum: c.id, title: 'Three' });
    expect((await lessons(max.api, c.id)).map((l) => l.task.title)).toEqual(['One', 'Two', 'Three']);
    const track = await LessonTaskEntity.query.byTrack({ curriculumId: c.id, userId: lea.userId }).go();
    expect(track.data).toEqual([]);
    expect((await author.api.delete(`/curriculum/learner/${c.id}/${lea.userId}`)).status).toBe(404);
  });

  it('tells a learner taken off, and nobody else; a refused removal tells nobody (D83)', async () => {
    const { author, group, c } = await authorWithCurriculum(['One']);
    const [lea, max] = await Promise.all([person('Lea'), person('Max')]);
    await addMember(author.api, group, lea, 5);
    await addMember(author.api, group, max, 5);
    await made(author.api, `/curriculum/learner/${c.id}`, { email: lea.email });
    await made(author.api, `/curriculum/learner/${c.id}`, { email: max.email });
    // Refused (not the author; not a learner): nothing is told.
    expect((await max.api.delete(`/curriculum/learner/${c.id}/${lea.userId}`)).status).toBe(403);
    expect((await author.api.delete(`/curriculum/learner/${c.id}/${author.userId}`)).status).toBe(404);
    for (const p of [lea, max, author]) expect(await removals(p.api)).toEqual([]);

    expect((await author.api.delete(`/curriculum/learner/${c.id}/${lea.userId}`)).status).toBe(200);
    const [told, ...more] = await removals(lea.api);
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      template_name: 'delegated',
      variables: {
        change: 'curriculum_removed',
        curriculum_id: c.id,
        curriculum_title: 'Onboarding',
        by_name: 'Cora Test',
      },
      actions: { open: '/tasks' },
    });
    expect((await mailsTo(lea.email)).map((m) => m.subject)).toContain(
      'Cora Test took you off the curriculum Onboarding',
    );
    // The author and the learner who stays are not told; a second removal (404) tells nobody again.
    expect(await removals(author.api)).toEqual([]);
    expect(await removals(max.api)).toEqual([]);
    expect((await author.api.delete(`/curriculum/learner/${c.id}/${lea.userId}`)).status).toBe(404);
    expect(await removals(lea.api)).toHaveLength(1);
  });

  it('tells a learner added, and nobody else; a refused add tells nobody (D85)', async () => {
    const { author, group, c } = await authorWithCurriculum(['One']);
    const [lea, max, otto] = await Promise.all([person('Lea'), person('Max'), person('Otto')]);
    await addMember(author.api, group, lea, 5);
    await addMember(author.api, group, max, 5);
    const template = await made(author.api, '/curriculum', { title: 'Pattern', group, mode: 'template' });
    // Refused: not the author, not a member of the group, the author themselves, a template.
    expect((await max.api.post(`/curriculum/learner/${c.id}`, { email: lea.email })).status).toBe(403);
    expect((await author.api.post(`/curriculum/learner/${c.id}`, { email: otto.email })).status).toBe(400);
    expect((await author.api.post(`/curriculum/learner/${c.id}`, { email: author.email })).status).toBe(400);
    expect((await author.api.post(`/curriculum/learner/${template.id}`, { email: lea.email })).status).toBe(
      400,
    );
    for (const p of [lea, max, otto, author]) expect(await additions(p.api)).toEqual([]);

    await made(author.api, `/curriculum/learner/${c.id}`, { email: lea.email });
    const [told, ...more] = await additions(lea.api);
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      template_name: 'delegated',
      variables: {
        change: 'curriculum_added',
        curriculum_id: c.id,
        curriculum_title: 'Onboarding',
        by_name: 'Cora Test',
      },
      actions: { open: `/curriculum?id=${c.id}` },
    });
    // What it opens is the learner's to see.
    expect((await lea.api.get(`/curriculum/${c.id}`)).status).toBe(200);
    expect((await mailsTo(lea.email)).map((m) => m.subject)).toContain(
      'Cora Test added you to the curriculum Onboarding',
    );
    // The author and the member who was not added are not told; adding again (400) tells nobody again.
    expect(await additions(author.api)).toEqual([]);
    expect(await additions(max.api)).toEqual([]);
    expect((await author.api.post(`/curriculum/learner/${c.id}`, { email: lea.email })).status).toBe(400);
    expect(await additions(lea.api)).toHaveLength(1);
  });

  it('keeps outsiders out and changes to the author', async () => {
    const { author, group, c } = await authorWithCurriculum(['One']);
    const [member, outsider] = await Promise.all([person('Mia'), person('Otto')]);
    await addMember(author.api, group, member, 3);
    expect((await outsider.api.get(`/curriculum/${c.id}`)).status).toBe(404);
    expect((await outsider.api.get(`/curriculum/task/list/${c.id}`)).status).toBe(404);
    expect((await outsider.api.post(`/curriculum/clone/${c.id}`, {})).status).toBe(404);
    expect((await outsider.api.get(`/curriculum?type=template&group=${group}`)).status).toBe(404);
    expect((await member.api.get(`/curriculum/${c.id}`)).status).toBe(200);
    expect((await member.api.patch(`/curriculum/${c.id}`, { title: 'Mine' })).status).toBe(403);
    expect((await member.api.post('/curriculum/task/create', { curriculum: c.id, title: 'X' })).status).toBe(
      403,
    );
    expect((await author.api.get(`/curriculum/${c.id}`)).body.title).toBe('Onboarding');
    // A curriculum delegated before it has lessons: each lesson added reaches the learner.
    const empty = await made(author.api, '/curriculum', { title: 'Later', group });
    await made(author.api, `/curriculum/learner/${empty.id}`, { email: member.email });
    await made(author.api, '/curriculum/task/create', { curriculum: empty.id, title: 'First' });
    expect((await lessons(member.api, empty.id)).map((l) => l.task.title)).toEqual(['First']);
  });

  it('clones with the lessons in order, lists templates by group, and deletes with the counts given back', async () => {
    const { author, group, c } = await authorWithCurriculum(['One', 'Two']);
    const before = await userItem(author.userId);
    expect(before.totalCurriculumsCount).toBe(1);
    expect(before.totalCurriculumLessonsCount).toBe(2);
    const tpl = await made(author.api, `/curriculum/clone/${c.id}`, { mode: 'template' });
    expect(tpl).toMatchObject({ title: 'Onboarding (copy)', type: 'template', lesson_count: 2 });
    expect((await lessons(author.api, tpl.id)).map((l) => l.task.title)).toEqual(['One', 'Two']);
    const templates = (await author.api.get(`/curriculum?type=template&group=${group}`)).body.results;
    expect(templates.map((t: { id: string }) => t.id)).toEqual([tpl.id]);
    expect(
      (await author.api.get('/curriculum?type=own')).body.results.map((t: { id: string }) => t.id),
    ).toEqual([c.id]);
    const after = await userItem(author.userId);
    expect(after.totalCurriculumsCount).toBe(2);
    expect(after.totalCurriculumLessonsCount).toBe(4);
    const [lesson] = await lessons(author.api, c.id);
    expect((await author.api.delete(`/curriculum/${c.id}`)).status).toBe(204);
    expect((await author.api.get(`/curriculum/${c.id}`)).status).toBe(404);
    expect((await author.api.get(`/task/${lesson!.task.id}`)).status).toBe(404);
    const end = await userItem(author.userId);
    expect(end.totalCurriculumsCount).toBe(1);
    expect(end.totalCurriculumLessonsCount).toBe(2);
  });

  it('refuses a curriculum past the plan’s limit with the spec’s detail, and writes nothing', async () => {
    const author = await person('Stan');
    const group = (await newGroup(author.api)).id;
    const u = await userItem(author.userId);
    await UserEntity.patch({ userId: author.userId })
      .set({ subscription: { ...u.subscription, package: 'standard_license' } })
      .go();
    const r = await author.api.post('/curriculum', { title: 'Too many', group });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('subscription.limit-reached');
    expect(r.body.detail).toMatchObject({ event: 'totalCurriculums', limit: 0, current_count: 0 });
    expect((await author.api.get('/curriculum?type=own')).body.count).toBe(0);
    expect((await userItem(author.userId)).totalCurriculumsCount ?? 0).toBe(0);
    const limits = (await author.api.get('/user/subscription/limit?event=totalCurriculums')).body;
    expect(limits.results[0]).toMatchObject({ event: 'totalCurriculums', limit: 0, has_access: false });
  });

  it('refuses bad input with the API’s error body', async () => {
    const { author, c } = await authorWithCurriculum(['One']);
    const [l] = await lessons(author.api, c.id);
    expect((await author.api.post('/curriculum', { title: '  ', group: 'x' })).status).toBe(400);
    expect((await author.api.post('/curriculum/task/create', { curriculum: c.id })).status).toBe(400);
    expect((await author.api.patch(`/curriculum/task/${l!.id}`, {})).status).toBe(400);
    expect(
      (await author.api.patch(`/curriculum/task/${l!.id}`, { status: 4, sort_code_before: null })).status,
    ).toBe(400);
    expect((await author.api.get('/curriculum?type=mine')).status).toBe(400);
    expect((await author.api.patch(`/curriculum/task/${randomUUID()}`, { status: 4 })).status).toBe(404);
  });
});

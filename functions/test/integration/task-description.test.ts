/**
 * The rich description (issue 15 item 4, D51): details.description_doc carries the editor's Lexical
 * JSON; the server checks it, makes its links and images safe, keeps it beside the plain text it
 * makes from it (the client's plain text is not trusted), and refuses a document past 100 KB with 400
 * and nothing written. Lists carry the plain text only.
 */
import { describe, expect, it } from 'vitest';
import { person, privateGroup, task } from './support.ts';

const text = (t: string) => ({
  type: 'text',
  text: t,
  detail: 0,
  format: 0,
  mode: 'normal',
  style: '',
  version: 1,
});
const el = { direction: null, format: '', indent: 0, version: 1 };
const para = (...children: object[]) => ({
  type: 'paragraph',
  children,
  ...el,
  textFormat: 0,
  textStyle: '',
});
const check = (label: string, checked: boolean, value: number) => ({
  type: 'listitem',
  checked,
  value,
  children: [text(label)],
  ...el,
});
const doc = (...children: object[]) => JSON.stringify({ root: { type: 'root', children, ...el } });

const planDoc = doc(
  para(
    text('See '),
    {
      type: 'link',
      url: 'https://example.com/plan',
      rel: null,
      target: null,
      title: null,
      children: [text('the plan')],
      ...el,
    },
    text(' and '),
    {
      type: 'link',
      url: 'javascript:alert(document.cookie)',
      rel: null,
      target: null,
      title: null,
      children: [text('this')],
      ...el,
    },
  ),
  {
    type: 'list',
    listType: 'check',
    start: 1,
    tag: 'ul',
    children: [check('Book flights', true, 1), check('Pack', false, 2)],
    ...el,
  },
);
const planText = 'See the plan and this\n[x] Book flights\n[ ] Pack';

type Node = { type: string; url?: string; children?: Node[] };
const linksOf = (json: string): string[] => {
  const out: string[] = [];
  const walk = (n: Node) => {
    if (n.type === 'link' || n.type === 'autolink') out.push(n.url!);
    n.children?.forEach(walk);
  };
  walk(JSON.parse(json).root);
  return out;
};

describe('a task’s rich description', () => {
  it('round trip: stored with the plain text made on the server, links made safe, lists plain', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, {
      title: 'Trip',
      group: await privateGroup(ann.api),
      details: { description: 'not what the document says', description_doc: planDoc, flag: 3 },
    });
    expect(t.task_details.description).toBe(planText);
    expect(linksOf(t.task_details.description_doc)).toEqual(['https://example.com/plan', 'about:blank']);

    const read = await ann.api.get(`/task/${t.id}`);
    expect(read.status).toBe(200);
    expect(read.body.task_details).toEqual(t.task_details);
    // Lexical's own keys come back as they were sent (the document is a string on the wire).
    expect(JSON.parse(read.body.task_details.description_doc).root.children[1]).toMatchObject({
      listType: 'check',
      children: [{ checked: true }, { checked: false }],
    });

    const list = await ann.api.get('/task?size=100');
    const row = list.body.results.find((x: { id: string }) => x.id === t.id);
    expect(row.task_details).toEqual({ description: planText, flag: 3 });
  });

  it('a new document replaces it; a new plain text drops it; the same plain text keeps it', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, { title: 'Notes', group: await privateGroup(ann.api) });
    const first = await ann.api.patch(`/task/${t.id}`, { task_details: { description_doc: planDoc } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.task_details.description).toBe(planText);

    const same = await ann.api.patch(`/task/${t.id}`, { details: { description: planText, flag: 1 } });
    expect(same.body.task_details).toMatchObject({ description: planText, flag: 1 });
    expect(same.body.task_details.description_doc).toBeDefined();

    const plain = await ann.api.patch(`/task/${t.id}`, { details: { description: 'Just words' } });
    expect(plain.status).toBe(200);
    expect(plain.body.task_details).toEqual({ description: 'Just words', flag: 1 });
    expect((await ann.api.get(`/task/${t.id}`)).body.task_details).toEqual({
      description: 'Just words',
      flag: 1,
    });

    const again = await ann.api.patch(`/task/${t.id}`, { details: { description_doc: planDoc } });
    const cleared = await ann.api.patch(`/task/${t.id}`, { details: { description_doc: null } });
    expect(again.body.task_details.description_doc).toBeDefined();
    expect(cleared.body.task_details).toEqual({ description: planText, flag: 1 });
  });

  it('a document past 100 KB is refused with 400 and nothing is written', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const big = doc(para(text('x'.repeat(100_000))));
    const created = await ann.api.post('/task', {
      title: 'Too big',
      group,
      details: { description_doc: big },
    });
    expect(created.status).toBe(400);
    expect(created.body.errors['details.description_doc']).toMatch(
      /too long: at most 20,000 characters, 100 KB with its formatting/,
    );
    const all = await ann.api.get('/task?size=100');
    expect(all.body.results.map((x: { title: string }) => x.title)).not.toContain('Too big');

    const t = await task(ann.api, { title: 'Small', group, details: { description: 'Small words' } });
    const r = await ann.api.patch(`/task/${t.id}`, { details: { description_doc: big }, title: 'Renamed' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty(['details.description_doc']);
    const after = (await ann.api.get(`/task/${t.id}`)).body;
    expect(after).toMatchObject({
      title: 'Small',
      version: t.version,
      task_details: { description: 'Small words' },
    });
  });

  it('what is not an editor document is refused', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    for (const bad of [
      'not json',
      JSON.stringify({ root: { type: 'root', children: [{ type: 'script', children: [] }] } }),
      JSON.stringify({ root: { type: 'paragraph', children: [] } }),
    ]) {
      const r = await ann.api.post('/task', { title: 'Bad', group, details: { description_doc: bad } });
      expect(r.status, bad).toBe(400);
      expect(r.body.errors['details.description_doc']).toMatch(/could not be read/);
    }
  });
});

/**
 * Contacts and companies against the local stack (issue 15 item 1; spec 001 §4–§9; D54): the rules
 * of saving, the role table per group, 404 for what the caller cannot see, paging and ordering,
 * search, merge in one transaction, bulk, tasks of a contact, and the request counts.
 */
import { DYNAMODB_REQUESTS_HEADER } from '@tandem/functions/lib/request-count';
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person, privateGroup } from './support.ts';

const requests = (r: { headers: Headers }) => Number(r.headers.get(DYNAMODB_REQUESTS_HEADER));

async function contact(api: Api, body: Record<string, unknown>) {
  const r = await api.post('/contact/', body);
  if (r.status !== 201) throw new Error(`create contact answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}
async function company(api: Api, body: Record<string, unknown>) {
  const r = await api.post('/contact/company', body);
  if (r.status !== 201) throw new Error(`create company answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

describe('saving a contact', () => {
  it('drops blank e-mails, phones and addresses, labels "Work" by default, falls back to the Private group', async () => {
    const ann = await person('Ann');
    const c = await contact(ann.api, {
      first_name: ' Ada ',
      last_name: 'Lovelace',
      contact_email: [{ value: 'ada@example.com' }, { value: '  ', label: 'Home' }],
      contact_phone: [{ value: '' }, { value: '+44 20 7946 0018', label: 'Mobile' }],
      contact_address: [
        { street: '', city: '', zip: '123' },
        { street: '12 St James Sq', city: '' },
      ],
    });
    expect(c.first_name).toBe('Ada');
    expect(c.emails).toEqual([{ id: expect.any(String), value: 'ada@example.com', label: 'Work' }]);
    expect(c.phones.map((p: { value: string; label: string }) => [p.value, p.label])).toEqual([
      ['+44 20 7946 0018', 'Mobile'],
    ]);
    expect(c.addresses).toHaveLength(1);
    expect(c.addresses[0].street).toBe('12 St James Sq');
    expect(c.notes).toBe('Contact created via frontend form.');
    expect(c.primary_group_id).toBe(await privateGroup(ann.api));
    expect(c.groups[0]).toMatchObject({ is_primary: true, group_title: 'Private' });
    expect(c.task_count).toBe(0);
    const read = await ann.api.get(`/contact/${c.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(c);
  });

  it('keeps rich notes as a safe document beside their plain text; plain notes drop it; too large is a 400', async () => {
    const ann = await person('Ann');
    const el = { direction: null, format: '', indent: 0, version: 1 };
    const text = (t: string, format = 0) => ({
      type: 'text',
      text: t,
      detail: 0,
      format,
      mode: 'normal',
      style: '',
      version: 1,
    });
    const link = (url: string, t: string) => ({
      type: 'link',
      url,
      rel: null,
      target: null,
      title: null,
      children: [text(t)],
      ...el,
    });
    const doc = (...children: object[]) =>
      JSON.stringify({
        root: {
          type: 'root',
          children: [{ type: 'paragraph', children, ...el, textFormat: 0, textStyle: '' }],
          ...el,
        },
      });
    const notesDoc = doc(
      text('Met at ', 0),
      text('the fair', 1),
      text(' — '),
      link('javascript:alert(1)', 'site'),
    );
    const c = await contact(ann.api, {
      first_name: 'Rich',
      notes: 'not what the document says',
      notes_doc: notesDoc,
    });
    expect(c.notes).toBe('Met at the fair — site');
    const stored = JSON.parse(c.notes_doc);
    expect(stored.root.children[0].children[1]).toMatchObject({ text: 'the fair', format: 1 });
    expect(stored.root.children[0].children[3].url).toBe('about:blank');
    expect((await ann.api.get(`/contact/${c.id}`)).body.notes_doc).toBe(c.notes_doc);

    // Other fields changed: the notes stay as they are.
    expect((await ann.api.patch(`/contact/${c.id}`, { last_name: 'Doc' })).body.notes_doc).toBe(c.notes_doc);
    // Too large: 400, and the notes before are kept.
    const big = await ann.api.patch(`/contact/${c.id}`, { notes_doc: doc(text('x'.repeat(120_000))) });
    expect(big.status).toBe(400);
    expect((await ann.api.get(`/contact/${c.id}`)).body.notes).toBe('Met at the fair — site');
    // New plain notes (a plain editor) drop the document, which would say something else.
    const plain = await ann.api.patch(`/contact/${c.id}`, { notes: 'Call back in May' });
    expect(plain.body).toMatchObject({ notes: 'Call back in May', notes_doc: null });
  });

  it('refuses a contact with 1,000 e-mails, and writes nothing', async () => {
    const ann = await person('Ann');
    const emails = Array.from({ length: 1000 }, (_, i) => ({ value: `a${i}@example.com` }));
    const r = await ann.api.post('/contact/', { first_name: 'Many', contact_email: emails });
    expect(r.status).toBe(400);
    expect(r.body.fallback_message).toMatch(/at most 20 e-mails/);
    expect(r.body.errors).toHaveProperty('contact_email');
    // Blank rows count too: the bound is checked before anything is dropped.
    const blanks = await ann.api.post('/contact/', {
      first_name: 'Blank',
      contact_phone: Array.from({ length: 21 }, () => ({ value: '' })),
    });
    expect(blanks.status).toBe(400);
    const list = await ann.api.get('/contact/');
    expect(list.body.results).toEqual([]);
  });

  it('parses the company id as a number: a non-number is a 400, an unknown one "Company not found"', async () => {
    const ann = await person('Ann');
    const co = await company(ann.api, { name: 'Analytical Engines' });
    expect(typeof co.id).toBe('number');
    const bad = await ann.api.post('/contact/', { first_name: 'X', contact_company: { company: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fallback_message).toBe('The company id must be a number.');
    expect((await ann.api.get('/contact/company/abc')).status).toBe(400);
    const unknown = await ann.api.post('/contact/', {
      first_name: 'X',
      contact_company: { company: 424242 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fallback_message).toBe('Company not found');
    // A string of digits is a number too.
    const ok = await contact(ann.api, {
      first_name: 'Charles',
      contact_company: { company: String(co.id), job_title: 'Inventor' },
    });
    expect(ok).toMatchObject({ company_id: co.id, company_name: 'Analytical Engines', title: 'Inventor' });
    expect((await ann.api.get(`/contact/company/${co.id}`)).body.contact_count).toBe(1);
    // The company deleted: its contact keeps the name, and can still be edited and deleted.
    expect((await ann.api.delete(`/contact/company/${co.id}`)).status).toBe(204);
    expect((await ann.api.get(`/contact/company/${co.id}`)).body.fallback_message).toBe('Company not found');
    expect((await ann.api.patch(`/contact/${ok.id}`, { contact_company: null })).status).toBe(200);
    expect((await ann.api.delete(`/contact/${ok.id}`)).status).toBe(204);
    expect((await ann.api.get('/contact/nope')).body.fallback_message).toBe('Contact not found');
    const upd = await ann.api.patch('/contact/nope', { first_name: 'Y' });
    expect(upd.status).toBe(404);
    expect(upd.body.fallback_message).toBe('Contact not found for update');
  });

  it('deletes one e-mail, phone or address by its id; keeps the others', async () => {
    const ann = await person('Ann');
    const c = await contact(ann.api, {
      first_name: 'Rows',
      contact_email: [{ value: 'a@example.com' }, { value: 'b@example.com' }],
      contact_phone: [{ value: '555 0100' }],
      contact_address: [{ street: '1 Road', city: 'Town' }],
    });
    expect((await ann.api.delete(`/contact/email/${c.emails[0].id}`)).status).toBe(204);
    expect((await ann.api.delete(`/contact/phone/${c.phones[0].id}`)).status).toBe(204);
    expect((await ann.api.delete(`/contact/address/${c.addresses[0].id}`)).status).toBe(204);
    const after = (await ann.api.get(`/contact/${c.id}`)).body;
    expect(after.emails.map((e: { value: string }) => e.value)).toEqual(['b@example.com']);
    expect(after.phones).toEqual([]);
    expect(after.addresses).toEqual([]);
    expect((await ann.api.delete(`/contact/email/${c.emails[0].id}`)).status).toBe(404);
  });
});

describe('the role table per group (spec 001 §6)', () => {
  it('viewer views only, standard edits its own, editor edits all but deletes its own, outsiders get 404', async () => {
    const [owner, viewer, standard, editor, outsider] = await Promise.all(
      ['Owner', 'Viewer', 'Standard', 'Editor', 'Outsider'].map((n) => person(n)),
    );
    const g = await newGroup(owner!.api, 'Sales');
    await addMember(owner!.api, g.id, viewer!, 4);
    await addMember(owner!.api, g.id, standard!, 5);
    await addMember(owner!.api, g.id, editor!, 6);
    const inGroup = { group: [{ id: g.id, is_primary: true }] };
    const mine = await contact(owner!.api, { first_name: 'Owned', ...inGroup });

    expect((await viewer!.api.get(`/contact/${mine.id}`)).status).toBe(200);
    expect((await viewer!.api.post('/contact/', { first_name: 'V', ...inGroup })).status).toBe(403);
    expect((await viewer!.api.patch(`/contact/${mine.id}`, { first_name: 'V' })).status).toBe(403);
    expect((await outsider!.api.get(`/contact/${mine.id}`)).status).toBe(404);
    expect((await outsider!.api.get(`/contact/?group=${g.id}`)).status).toBe(404);
    expect((await outsider!.api.post('/contact/', { first_name: 'O', ...inGroup })).status).toBe(404);

    const std = await contact(standard!.api, { first_name: 'Std', ...inGroup });
    expect((await standard!.api.patch(`/contact/${std.id}`, { last_name: 'Own' })).status).toBe(200);
    expect((await standard!.api.patch(`/contact/${mine.id}`, { last_name: 'Not own' })).status).toBe(403);
    expect((await standard!.api.delete(`/contact/${mine.id}`)).status).toBe(403);

    expect((await editor!.api.patch(`/contact/${mine.id}`, { last_name: 'Edited' })).status).toBe(200);
    expect((await editor!.api.delete(`/contact/${mine.id}`)).status).toBe(403);
    const ed = await contact(editor!.api, { first_name: 'Ed', ...inGroup });
    expect((await editor!.api.delete(`/contact/${ed.id}`)).status).toBe(204);
    expect((await standard!.api.delete(`/contact/${std.id}`)).status).toBe(204);
    expect((await owner!.api.get(`/contact/${mine.id}`)).body.last_name).toBe('Edited');
  });
});

describe('merge (PUT /contact/{id} {merge_ids})', () => {
  it('keeps the e-mails, phones, addresses and task links of the others, which are deleted', async () => {
    const ann = await person('Ann');
    const home = await privateGroup(ann.api);
    const kept = await contact(ann.api, { first_name: 'Kim', contact_email: [{ value: 'kim@example.com' }] });
    const other = await contact(ann.api, {
      first_name: 'Kim',
      last_name: 'Duplicate',
      contact_email: [{ value: 'KIM@example.com' }, { value: 'kim@work.example' }],
      contact_phone: [{ value: '555 0101' }],
      contact_address: [{ street: '3 Lane', city: 'Bath' }],
    });
    const t = (await ann.api.post('/task', { title: 'Call Kim', group: home, contact: other.id })).body
      .results[0];
    expect((await ann.api.get(`/contact/${other.id}`)).body.task_count).toBe(1);
    const r = await ann.api.put(`/contact/${kept.id}`, { merge_ids: [other.id] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.emails.map((e: { value: string }) => e.value)).toEqual([
      'kim@example.com',
      'kim@work.example',
    ]);
    expect(r.body.phones).toHaveLength(1);
    expect(r.body.addresses).toHaveLength(1);
    expect(r.body.task_count).toBe(1);
    expect((await ann.api.get(`/contact/${other.id}`)).status).toBe(404);
    const tasks = await ann.api.get(`/contact/task/${kept.id}`);
    expect(tasks.body.results.map((x: { id: string }) => x.id)).toEqual([t.id]);
    const listed = await ann.api.get(`/contact/?group=${home}`);
    expect(listed.body.results.map((c: { id: string }) => c.id)).toEqual([kept.id]);
    // The deleted contact's search tokens went with it.
    const found = await ann.api.get('/contact/search?q=duplicate');
    expect(found.body.results).toEqual([]);
  });

  it('is refused with 403 across a group the caller cannot merge in, writing nothing', async () => {
    const [owner, editor] = await Promise.all([person('Owner'), person('Editor')]);
    const team = await newGroup(owner!.api, 'Team');
    const locked = await newGroup(owner!.api, 'Locked');
    await addMember(owner!.api, team.id, editor!, 6);
    await addMember(owner!.api, locked.id, editor!, 4);
    const a = await contact(owner!.api, { first_name: 'A', group: [{ id: team.id, is_primary: true }] });
    const b = await contact(owner!.api, {
      first_name: 'B',
      contact_email: [{ value: 'b@example.com' }],
      group: [
        { id: team.id, is_primary: true },
        { id: locked.id, is_primary: false },
      ],
    });
    const r = await editor!.api.put(`/contact/${a.id}`, { merge_ids: [b.id] });
    expect(r.status).toBe(403);
    expect((await owner!.api.get(`/contact/${b.id}`)).status).toBe(200);
    expect((await owner!.api.get(`/contact/${a.id}`)).body.emails).toEqual([]);
    // Not into itself; not more than 10 at once.
    expect((await owner!.api.put(`/contact/${a.id}`, { merge_ids: [a.id] })).status).toBe(400);
    const many = Array.from({ length: 11 }, (_, i) => `c${i}`);
    expect((await owner!.api.put(`/contact/${a.id}`, { merge_ids: many })).status).toBe(400);
  });
});

describe('merge bounds', () => {
  it('refuses a merge that needs more than 100 actions with a clear 400, writing nothing', async () => {
    const ann = await person('Ann');
    const groups = [];
    for (let i = 0; i < 10; i++) groups.push((await newGroup(ann.api, `G${i}`)).id);
    const links = groups.map((id, i) => ({ id, is_primary: i === 0 }));
    const kept = await contact(ann.api, { first_name: 'Keep', group: links });
    const others = [];
    for (let i = 0; i < 10; i++)
      others.push((await contact(ann.api, { first_name: `Dup${i}`, group: links })).id);
    // 1 kept + 10 deleted + 10 × 10 list items = 111 actions.
    const r = await ann.api.put(`/contact/${kept.id}`, { merge_ids: others });
    expect(r.status).toBe(400);
    expect(r.body.fallback_message).toMatch(/too many details and links to merge at once/);
    for (const id of others) expect((await ann.api.get(`/contact/${id}`)).status).toBe(200);
    expect((await ann.api.get(`/contact/?group=${groups[3]}`)).body.results).toHaveLength(11);
    // Fewer at a time fit.
    expect((await ann.api.put(`/contact/${kept.id}`, { merge_ids: others.slice(0, 5) })).status).toBe(200);
    expect((await ann.api.get(`/contact/?group=${groups[3]}`)).body.results).toHaveLength(6);
  }, 60_000);
});

describe('lists: pages of 50, ordering, group filter', () => {
  it('pages by first name (default), last name and creation, each way', async () => {
    const ann = await person('Ann');
    const g = await newGroup(ann.api, 'Big');
    const names = Array.from({ length: 55 }, (_, i) => [
      `F${String(54 - i).padStart(2, '0')}`,
      `L${String(i).padStart(2, '0')}`,
    ]);
    for (const [first, last] of names) {
      await contact(ann.api, { first_name: first, last_name: last, group: [{ id: g.id, is_primary: true }] });
    }
    const p1 = await ann.api.get(`/contact/?group=${g.id}`);
    expect(p1.status).toBe(200);
    expect(p1.body.results).toHaveLength(50);
    expect(p1.body.results[0].first_name).toBe('F00');
    expect(p1.body.next).toBeTruthy();
    expect(requests(p1)).toBeLessThanOrEqual(3);
    const p2 = await ann.api.get(`/contact/${p1.body.next}`);
    expect(p2.body.results.map((c: { first_name: string }) => c.first_name)).toEqual([
      'F50',
      'F51',
      'F52',
      'F53',
      'F54',
    ]);
    expect(p2.body.next).toBeNull();
    const byPage = await ann.api.get(`/contact/?group=${g.id}&page=2`);
    expect(byPage.body.results).toEqual(p2.body.results);

    const last = await ann.api.get(`/contact/?group=${g.id}&ordering=-last_name&page_size=3`);
    expect(last.body.results.map((c: { last_name: string }) => c.last_name)).toEqual(['L54', 'L53', 'L52']);
    const created = await ann.api.get(`/contact/?group=${g.id}&ordering=createdAt&page_size=2`);
    expect(created.body.results.map((c: { first_name: string }) => c.first_name)).toEqual(['F54', 'F53']);
    expect((await ann.api.get(`/contact/?group=${g.id}&ordering=shoe_size`)).status).toBe(400);
    expect((await ann.api.get(`/contact/?group=${g.id}&page_size=51`)).status).toBe(400);
    // Without a group: all of the caller's groups, merged in order.
    await contact(ann.api, { first_name: 'A-first' });
    const all = await ann.api.get('/contact/?page_size=2');
    expect(all.body.results.map((c: { first_name: string }) => c.first_name)).toEqual(['A-first', 'F00']);
  }, 120_000);

  it('pages several groups by cursor: page 2 past 50 contacts in two groups, each once (D63)', async () => {
    const ann = await person('Ann');
    const [a, b] = await Promise.all([newGroup(ann.api, 'A'), newGroup(ann.api, 'B')]);
    const specs = Array.from({ length: 57 }, (_, i) => ({
      first_name: `C${String(i).padStart(2, '0')}`,
      // Even ones in A, odd ones in B, C10 in both.
      group:
        i === 10
          ? [{ id: a.id, is_primary: true }, { id: b.id }]
          : [{ id: i % 2 ? b.id : a.id, is_primary: true }],
    }));
    for (let i = 0; i < specs.length; i += 6)
      await Promise.all(specs.slice(i, i + 6).map((body) => contact(ann.api, body)));
    const names = (r: { body: { results: Array<{ first_name: string }> } }) =>
      r.body.results.map((c) => c.first_name);
    const all = specs.map((x) => x.first_name);

    const p1 = await ann.api.get(`/contact/?group=${a.id},${b.id}`);
    expect(p1.status, JSON.stringify(p1.body)).toBe(200);
    expect(names(p1)).toEqual(all.slice(0, 50));
    expect(p1.body.next).toContain('cursor=');
    expect(p1.body.next).toContain(`group=${a.id},${b.id}`);
    const p2 = await ann.api.get(`/contact/${p1.body.next}`);
    expect(p2.status, JSON.stringify(p2.body)).toBe(200);
    expect(names(p2)).toEqual(all.slice(50));
    expect(p2.body.next).toBeNull();
    expect(p2.body.count).toBe(57);
    // The caller's groups, one Query of each group from the cursor's item, one BatchGetItem.
    expect(requests(p2)).toBeLessThanOrEqual(5);
    // By number it is the same page.
    expect(names(await ann.api.get(`/contact/?group=${a.id},${b.id}&page=2`))).toEqual(all.slice(50));

    // Backwards, 20 a page, by cursor to the end: every contact once, in order.
    const seen: string[] = [];
    let link: string | null = `?group=${a.id},${b.id}&ordering=-first_name&page_size=20`;
    let pages = 0;
    while (link) {
      const r = await ann.api.get(`/contact/${link}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      seen.push(...names(r));
      link = r.body.next;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...all].reverse());

    // A cursor of another list (other groups) is refused.
    const cursor = new URL(`http://x/${p1.body.next}`).searchParams.get('cursor');
    const other = await ann.api.get(`/contact/?group=${a.id}&cursor=${cursor}`);
    expect(other.status).toBe(400);
    const mixed = await ann.api.get(`/contact/?cursor=${cursor}`);
    expect(mixed.status).toBe(400);
  }, 120_000);

  it('lists companies by name and by several groups', async () => {
    const ann = await person('Ann');
    const a = await newGroup(ann.api, 'A');
    const b = await newGroup(ann.api, 'B');
    await company(ann.api, { name: 'Zeta', group: [{ id: a.id, is_primary: true }] });
    await company(ann.api, { name: 'Alpha', group: [{ id: b.id, is_primary: true }] });
    await company(ann.api, { name: 'Mid', group: [{ id: a.id, is_primary: true }, { id: b.id }] });
    const r = await ann.api.get(`/contact/company/group?group=${a.id},${b.id}`);
    expect(r.body.results.map((c: { name: string }) => c.name)).toEqual(['Alpha', 'Mid', 'Zeta']);
    const one = await ann.api.get(`/contact/company/?group=${a.id}&ordering=-name`);
    expect(one.body.results.map((c: { name: string }) => c.name)).toEqual(['Zeta', 'Mid']);
  });
});

describe('search (GET /contact/search?q=)', () => {
  it('finds by name, e-mail and phone prefix in the caller’s groups only', async () => {
    const [ann, bob] = await Promise.all([person('Ann'), person('Bob')]);
    const c = await contact(ann.api, {
      first_name: 'Grace',
      last_name: 'Hopper',
      contact_email: [{ value: 'grace@navy.example' }],
      contact_phone: [{ value: '+1 (555) 010-7777' }],
    });
    for (const q of ['gra', 'hop', 'Grace H', 'grace@navy', '1 (555) 010', '+1 555']) {
      const r = await ann.api.get(`/contact/search?q=${encodeURIComponent(q)}`);
      expect(
        r.body.results.map((x: { id: string }) => x.id),
        q,
      ).toEqual([c.id]);
    }
    expect((await bob.api.get('/contact/search?q=grace')).body.results).toEqual([]);
    // Renamed: the old name no longer finds it.
    await ann.api.patch(`/contact/${c.id}`, { first_name: 'Amazing' });
    expect((await ann.api.get('/contact/search?q=grace h')).body.results).toEqual([]);
    expect((await ann.api.get('/contact/search?q=amaz')).body.results).toHaveLength(1);
  });
});

describe('company search (GET /contact/company/search?q=, D63)', () => {
  it('finds by name, a word of it, phone or cell, in the caller’s groups only, without scans', async () => {
    const [ann, bob] = await Promise.all([person('Ann'), person('Bob')]);
    const g = await newGroup(ann.api, 'Clients');
    const co = await company(ann.api, {
      name: 'Acme Rocket Works',
      phone: '+1 (555) 020-1234',
      cell: '07700 900123',
      group: [{ id: g.id, is_primary: true }],
    });
    await company(ann.api, { name: 'Beta Rockets' });
    const ids = (r: { body: { results: Array<{ id: number }> } }) => r.body.results.map((x) => x.id);
    for (const q of ['acme', 'Acme Rocket', 'works', 'ROCKET W', '+1 555 020', '07700']) {
      const r = await ann.api.get(`/contact/company/search?q=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(200);
      expect(ids(r), q).toEqual([co.id]);
    }
    const both = await ann.api.get('/contact/company/search?q=rocket');
    expect(both.body.results.map((x: { name: string }) => x.name)).toEqual([
      'Acme Rocket Works',
      'Beta Rockets',
    ]);
    // The token Queries and one BatchGetItem of the hits (plus the caller's groups), whatever the table holds.
    expect(requests(both)).toBeLessThanOrEqual(6);
    // A group filter, someone else's groups, a contact's name: none of them finds it.
    const only = await ann.api.get(`/contact/company/search?q=rocket&group=${g.id}`);
    expect(ids(only)).toEqual([co.id]);
    expect((await bob.api.get('/contact/company/search?q=acme')).body.results).toEqual([]);
    await contact(ann.api, { first_name: 'Acmeson' });
    expect(ids(await ann.api.get('/contact/company/search?q=acme'))).toEqual([co.id]);
    expect((await ann.api.get('/contact/search?q=acme rocket')).body.results).toEqual([]);
    // Renamed: the old name no longer finds it; deleted: nothing does.
    expect((await ann.api.patch(`/contact/company/${co.id}`, { name: 'Zenith' })).status).toBe(200);
    expect((await ann.api.get('/contact/company/search?q=acme')).body.results).toEqual([]);
    expect(ids(await ann.api.get('/contact/company/search?q=zen'))).toEqual([co.id]);
    expect((await ann.api.delete(`/contact/company/${co.id}`)).status).toBe(204);
    expect((await ann.api.get('/contact/company/search?q=zen')).body.results).toEqual([]);
    const { ContactSearchEntity } = await import('@tandem/functions/db/entities/contact-list');
    const left = await ContactSearchEntity.query.byToken({ groupId: `${g.id}#company` }).go({ pages: 'all' });
    expect(left.data).toEqual([]);
    // Bad input: a blank query.
    expect((await ann.api.get('/contact/company/search?q=%20')).status).toBe(400);
  });
});

describe('tasks of a contact or company', () => {
  it('POST /task/ with contact links the task in its own transaction; associate links existing ones', async () => {
    const ann = await person('Ann');
    const home = await privateGroup(ann.api);
    const co = await company(ann.api, { name: 'Acme' });
    const c = await contact(ann.api, { first_name: 'Tess' });
    const made = await ann.api.post('/task', {
      title: 'Follow up',
      group: home,
      contact: c.id,
      company: co.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(requests(made)).toBeLessThanOrEqual(2);
    const other = (await ann.api.post('/task', { title: 'Older', group: home })).body.results[0];
    const assoc = await ann.api.post('/tasks/associate/', { contact: c.id, tasks: [other.id] });
    expect(assoc.status).toBe(200);
    const list = await ann.api.get(`/contact/task/${c.id}`);
    expect(list.body.results.map((t: { title: string }) => t.title).sort()).toEqual(['Follow up', 'Older']);
    expect((await ann.api.get(`/contact/${c.id}`)).body.task_count).toBe(2);
    expect((await ann.api.get(`/contact/company/task/${co.id}`)).body.results).toHaveLength(1);
    expect((await ann.api.get(`/contact/company/${co.id}`)).body.task_count).toBe(1);
    // A contact in no group of the task: refused, and the task is not made.
    const bob = await person('Bob');
    const foreign = await contact(bob.api, { first_name: 'Foreign' });
    const refused = await ann.api.post('/task', { title: 'Sneaky', group: home, contact: foreign.id });
    expect(refused.status).toBe(400);
    expect((await ann.api.get('/tasks/search/?q=Sneaky')).body.results ?? []).toEqual([]);
  });
});

describe('a deleted task drops its contact and company links (D63)', () => {
  it('the links go and the counts fall, through the stream; the contact’s tasks no longer list it', async () => {
    const ann = await person('Ann');
    const home = await privateGroup(ann.api);
    const co = await company(ann.api, { name: 'Gone Ltd' });
    const c = await contact(ann.api, { first_name: 'Lena' });
    const kept = (await ann.api.post('/task', { title: 'Kept', group: home, contact: c.id })).body.results[0];
    const made = await ann.api.post('/task', { title: 'Doomed', group: home, contact: c.id, company: co.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const doomed = made.body.results[0];
    expect((await ann.api.get(`/contact/${c.id}`)).body.task_count).toBe(2);

    const { ContactTaskEntity } = await import('@tandem/functions/db/entities/contact-list');
    const linksOf = async (taskId: string) =>
      (await ContactTaskEntity.query.byTask({ taskId }).go({ pages: 'all' })).data.map(
        (l) => `${l.kind}:${l.itemId}`,
      );
    expect((await linksOf(doomed.id)).sort()).toEqual([`company:${co.id}`, `contact:${c.id}`]);

    expect((await ann.api.delete(`/task/${doomed.id}`)).status).toBe(204);
    await expect.poll(() => linksOf(doomed.id), { timeout: 20_000 }).toEqual([]);
    expect((await ann.api.get(`/contact/${c.id}`)).body.task_count).toBe(1);
    expect((await ann.api.get(`/contact/company/${co.id}`)).body.task_count).toBe(0);
    const listed = await ann.api.get(`/contact/task/${c.id}`);
    expect(listed.body.results.map((t: { id: string }) => t.id)).toEqual([kept.id]);
    expect(listed.body.count).toBe(1);
    expect((await ann.api.get(`/contact/company/task/${co.id}`)).body.results).toEqual([]);
    expect(await linksOf(kept.id)).toEqual([`contact:${c.id}`]);

    // Run again (a stream record that comes twice): nothing is lowered twice.
    const { dropContactLinksOfTask } = await import('@tandem/functions/core/contacts/deleted-task-links');
    expect(await dropContactLinksOfTask(doomed.id)).toBe(0);
    expect((await ann.api.get(`/contact/${c.id}`)).body.task_count).toBe(1);
  });
});

describe('bulk', () => {
  it('deletes up to 100 at once, checked before anything is written', async () => {
    const [owner, editor] = await Promise.all([person('Owner'), person('Editor')]);
    const g = await newGroup(owner!.api, 'Bulk');
    await addMember(owner!.api, g.id, editor!, 6);
    const inGroup = { group: [{ id: g.id, is_primary: true }] };
    const a = await contact(editor!.api, { first_name: 'Mine', ...inGroup });
    const b = await contact(owner!.api, { first_name: 'Theirs', ...inGroup });
    const refused = await editor!.api.post('/contacts/bulk/', { action: 'delete', ids: [a.id, b.id] });
    expect(refused.status).toBe(403);
    expect((await editor!.api.get(`/contact/${a.id}`)).status).toBe(200);
    const ok = await owner!.api.post('/contacts/bulk/', { action: 'delete', ids: [a.id, b.id] });
    expect(ok.status).toBe(200);
    expect((await owner!.api.get(`/contact/?group=${g.id}`)).body.results).toEqual([]);
    const tooMany = Array.from({ length: 101 }, (_, i) => `x${i}`);
    expect((await owner!.api.post('/contacts/bulk/', { action: 'delete', ids: tooMany })).status).toBe(400);
  });
});

describe('group links and bulk move and copy', () => {
  it('links, makes primary, refuses to remove the primary link, moves and copies in bulk', async () => {
    const ann = await person('Ann');
    const home = await privateGroup(ann.api);
    const clients = await newGroup(ann.api, 'Clients');
    const c = await contact(ann.api, { first_name: 'Linda' });
    const got = await ann.api.get(`/contact/${c.id}`);
    expect(requests(got)).toBeLessThanOrEqual(2);
    const link = await ann.api.post('/contact/group', {
      contact: c.id,
      group: clients.id,
      is_primary: false,
    });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ group: clients.id, is_primary: false, group_title: 'Clients' });
    expect((await ann.api.get(`/contact/?group=${clients.id}`)).body.results).toHaveLength(1);
    const primary = (await ann.api.get(`/contact/${c.id}`)).body.groups[0];
    expect((await ann.api.delete(`/contact/group/${primary.id}`)).status).toBe(400);
    expect((await ann.api.delete(`/contact/group/${link.body.id}`)).status).toBe(204);
    expect((await ann.api.get(`/contact/?group=${clients.id}`)).body.results).toEqual([]);

    const moved = await ann.api.post('/contacts/bulk/', { action: 'move', ids: [c.id], group: clients.id });
    expect(moved.status).toBe(200);
    const after = (await ann.api.get(`/contact/${c.id}`)).body;
    expect(after.primary_group_id).toBe(clients.id);
    expect(after.secondary_group_ids).toEqual([]);
    expect((await ann.api.get(`/contact/?group=${home}`)).body.results).toEqual([]);
    const copied = await ann.api.post('/contacts/bulk/', { action: 'copy', ids: [c.id], group: home });
    expect(copied.status).toBe(200);
    expect((await ann.api.get(`/contact/${c.id}`)).body.secondary_group_ids).toEqual([home]);
    expect((await ann.api.post('/contacts/bulk/', { action: 'move', ids: [c.id] })).status).toBe(400);
  });
});

/**
 * Contacts lists at 5,000 contacts (issue 15, decisions D54): page 1, a later page read from the
 * `next` link's cursor, the same page asked by number (walked from the start), and a search, with
 * the DynamoDB requests of each call; page 1 also at 100 contacts for the ratio. The contacts are
 * written straight to the table (the contact items and their list items, in batch writes): seeding
 * 5,000 through the API would take minutes, and the lists read only those items.
 */
import { randomUUID } from 'node:crypto';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { type LatencyResult, measureCall, printLatency } from './api-latency.ts';

async function seedContacts(userId: string, n: number): Promise<string> {
  const { listGroups } = await import('@tandem/functions/core/groups/groups');
  const { ContactEntity } = await import('@tandem/functions/db/entities/contact');
  const { ContactListEntity, ContactSearchEntity } = await import(
    '@tandem/functions/db/entities/contact-list'
  );
  const group = (await listGroups({ userId, username: userId })).results[0]!.id;
  const start = Date.now() - n * 1000;
  const contacts = [];
  const lists = [];
  const tokens = [];
  for (let i = 0; i < n; i++) {
    const contactId = randomUUID();
    const createdAt = new Date(start + i * 1000).toISOString();
    const firstName = `First${String((i * 7919) % n).padStart(5, '0')}`;
    const lastName = `Last${String(i).padStart(5, '0')}`;
    const groups = [{ id: `${contactId}~${group}`, groupId: group, isPrimary: true }];
    contacts.push({
      contactId,
      firstName,
      lastName,
      notes: '',
      emails: [{ id: `${contactId}~1`, value: `c${i}@example.com`, label: 'Work' }],
      phones: [],
      addresses: [],
      company: null,
      groups,
      groupIds: [group],
      taskCount: 0,
      seq: 1,
      createdBy: userId,
      createdAt,
      modifiedAt: createdAt,
    });
    lists.push({
      groupId: group,
      kind: 'contact',
      itemId: contactId,
      createdAt,
      name1: firstName.toLowerCase(),
      name2: lastName.toLowerCase(),
    });
    for (const token of [
      `n:${firstName.toLowerCase()}`,
      `n:${lastName.toLowerCase()}`,
      `e:c${i}@example.com`,
    ])
      tokens.push({ groupId: group, token, itemId: contactId });
  }
  await ContactEntity.put(contacts).go({ concurrency: 4 });
  await ContactListEntity.put(lists).go({ concurrency: 4 });
  await ContactSearchEntity.put(tokens).go({ concurrency: 4 });
  return group;
}

export async function benchContacts(stackEnv: StackEnv, url: string, counter: { count: number }) {
  const results: LatencyResult[] = [];
  const small = await createUser(stackEnv);
  const big = await createUser(stackEnv);
  const smallGroup = await seedContacts(small.userId, 100);
  const t = performance.now();
  const group = await seedContacts(big.userId, 5000);
  console.log(`Seeded 5,000 contacts in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  const smallApi = apiClient(url, small.accessToken);
  const api = apiClient(url, big.accessToken);
  // The cursor of page 20 (contacts 951–1,000), followed from page 1.
  let next = `?group=${group}`;
  for (let p = 1; p < 20; p++) next = (await api.get(`/contact/${next}`)).body.next;
  const n = 50;
  results.push(
    await measureCall(
      'GET /contact/ page 1 (100 contacts)',
      () => smallApi.raw('GET', `/contact/?group=${smallGroup}`, {}),
      counter,
      n,
    ),
    await measureCall(
      'GET /contact/ page 1 (5,000)',
      () => api.raw('GET', `/contact/?group=${group}`, {}),
      counter,
      n,
    ),
    await measureCall(
      'GET /contact/ page 1 -lastName (5,000)',
      () => api.raw('GET', `/contact/?group=${group}&ordering=-last_name`, {}),
      counter,
      n,
    ),
    await measureCall(
      'GET /contact/ page 20 by cursor (5,000)',
      () => api.raw('GET', `/contact/${next}`, {}),
      counter,
      n,
    ),
    await measureCall(
      'GET /contact/ page=20 by number (5,000)',
      () => api.raw('GET', `/contact/?group=${group}&page=20`, {}),
      counter,
      n,
    ),
    await measureCall(
      'GET /contact/ no group, page 1 (5,000)',
      () => api.raw('GET', '/contact/', {}),
      counter,
      n,
    ),
    await measureCall(
      'GET /contact/search?q=last0421 (5,000)',
      () => api.raw('GET', '/contact/search?q=last0421', {}),
      counter,
      n,
    ),
  );
  // Two groups (a second, empty one): the lists of several groups merged (decisions D63), page 20 by
  // the cursor of page 19's `next` and by number.
  await api.post('/user/group', { title: 'Second' });
  let across = '?page_size=50';
  for (let p = 1; p < 20; p++) across = (await api.get(`/contact/${across}`)).body.next;
  results.push(
    await measureCall(
      'GET /contact/ two groups, page 20 by cursor (5,000)',
      () => api.raw('GET', `/contact/${across}`, {}),
      counter,
      n,
    ),
    await measureCall(
      'GET /contact/ two groups, page=20 by number (5,000)',
      () => api.raw('GET', '/contact/?page=20', {}),
      counter,
      n,
    ),
  );
  printLatency(results);
}

/**
 * `npm run bench -- files` (issue 13): the presigned upload's own calls — the upload request (quota
 * check, upload item, presigned POST) and the confirm (HeadObject, first bytes, copy, one
 * transaction) — for a small file, and the time to send and confirm a 20 MB file, against a
 * throwaway local stack (s3rver through the gateway).
 */
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { fmt, median, percentile } from './stats.ts';

type Api = ReturnType<typeof apiClient>;
interface Ticket {
  upload_id: string;
  url: string;
  fields: Array<[string, string]>;
}

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await f();
  return [r, performance.now() - t];
}

async function oneUpload(api: Api, taskId: string, data: Buffer, name: string, type: string) {
  const [asked, presign] = await timed(() =>
    api.post('/task/attachment/upload', {
      task: taskId,
      files: [{ filename: name, size: data.byteLength, content_type: type }],
    }),
  );
  if (asked.status !== 201) throw new Error(`upload request answered ${asked.status}`);
  const ticket = asked.body.results[0] as Ticket;
  const [, send] = await timed(async () => {
    const fd = new FormData();
    for (const [k, v] of ticket.fields) fd.append(k, v);
    fd.append('file', new Blob([new Uint8Array(data)], { type }), name);
    const r = await fetch(ticket.url, { method: 'POST', body: fd });
    await r.arrayBuffer();
    if (r.status >= 300) throw new Error(`storage answered ${r.status}`);
  });
  const [confirmed, confirm] = await timed(() =>
    api.post(`/task/attachment/upload/${ticket.upload_id}/confirm`),
  );
  if (confirmed.status !== 201) throw new Error(`confirm answered ${confirmed.status}`);
  return { presign, send, confirm };
}

const row = (label: string, ms: number[]) =>
  console.log(
    `${label.padEnd(48)} median ${fmt(median(ms)).padStart(7)} ms   p95 ${fmt(percentile(ms, 95)).padStart(7)} ms   (n=${ms.length})`,
  );

export async function benchFiles(env: StackEnv, url: string, runs = 30, bigRuns = 5): Promise<void> {
  const user = await createUser(env);
  const api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id as string;
  const taskId = (await api.post('/task', { title: 'Bench files', group })).body.results[0].id as string;

  const small = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024, 0x20)]);
  await oneUpload(api, taskId, small, 'warm.pdf', 'application/pdf');
  const s = {
    presign: [] as number[],
    send: [] as number[],
    confirm: [] as number[],
    both: [] as number[],
    baseline: [] as number[],
  };
  for (let i = 0; i < runs; i++) {
    // The baseline, interleaved so it sees the same machine: one GetItem and nothing else.
    s.baseline.push((await timed(() => api.get('/user/config/')))[1]);
    const r = await oneUpload(api, taskId, small, `s${i}.pdf`, 'application/pdf');
    s.presign.push(r.presign);
    s.send.push(r.send);
    s.confirm.push(r.confirm);
    s.both.push(r.presign + r.confirm);
  }
  console.log('\nAttachments: a 10 KB file');
  row('POST /task/attachment/upload (presign)', s.presign);
  row('POST …/upload/{id}/confirm', s.confirm);
  row('presign + confirm', s.both);
  row('POST to storage (s3rver via the gateway)', s.send);
  row('baseline: GET /user/config/', s.baseline);
  console.log(`presign + confirm / baseline, medians: ${fmt(median(s.both) / median(s.baseline), 2)}x`);

  const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20 * 1024 * 1024 - 9, 0x20)]);
  const b = { send: [] as number[], confirm: [] as number[], total: [] as number[] };
  for (let i = 0; i < bigRuns; i++) {
    const r = await oneUpload(api, taskId, big, `b${i}.pdf`, 'application/pdf');
    b.send.push(r.send);
    b.confirm.push(r.confirm);
    b.total.push(r.presign + r.send + r.confirm);
  }
  console.log('\nAttachments: a 20 MB file');
  row('POST to storage', b.send);
  row('confirm (head, first bytes, copy, transaction)', b.confirm);
  row('request + send + confirm', b.total);
}

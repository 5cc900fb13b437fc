/**
 * Time blocks (spec 001 §3, §4): windows, maybe repeating in their own zone, tied to a group or a
 * category. A block is active when now falls in one of its occurrences; the web checks each second and
 * offers to switch the header's selection to the block's.
 */
import { randomUUID } from 'node:crypto';
import type { TimeBlockView } from '@tandem/shared';
import { expandOccurrences } from '@tandem/shared/time/recurrence';
import { TimeBlockEntity } from '../../db/entities/time-block.ts';
import type { StoredItem } from '../../db/records.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { countOf, readPage } from '../../lib/list-pages.ts';
import { listMemberships } from '../groups/groups.ts';

/** A time block as stored (db/entities/time-block.ts). */
type BlockRecord = StoredItem<typeof TimeBlockEntity>;

export interface TimeBlockInput {
  startDate: string;
  endDate: string | null;
  exDate: string[];
  rDate: string[];
  recurRule: string | null;
  duration: number;
  timezone: string;
  group: string | null;
  groupCategory: string | null;
}

/** Active now: an occurrence started within the last `duration` minutes and has not ended. */
export function isActive(
  b: Pick<BlockRecord, 'startDate' | 'recurRule' | 'timezone' | 'duration' | 'exDate' | 'rDate'>,
  now: Date,
) {
  const from = new Date(now.getTime() - b.duration * 60_000 - 1).toISOString();
  const to = new Date(now.getTime() + 1).toISOString();
  return expandOccurrences({ ...b, recurRule: b.recurRule ?? null }, from, to).some(
    (o) => Date.parse(o.start) <= now.getTime() && now.getTime() < Date.parse(o.end),
  );
}

const view = (b: BlockRecord, now: Date): TimeBlockView => ({
  id: b.blockId,
  startDate: b.startDate,
  endDate: b.endDate ?? null,
  exDate: b.exDate ?? [],
  rDate: b.rDate ?? [],
  recurRule: b.recurRule ?? null,
  duration: b.duration,
  timezone: b.timezone,
  group: b.group ?? null,
  groupCategory: b.groupCategory ?? null,
  active: isActive({ ...b, exDate: b.exDate ?? [], rDate: b.rDate ?? [] }, now),
});

async function check(actor: Actor, input: Partial<TimeBlockInput>) {
  if (input.recurRule) {
    try {
      expandOccurrences(
        {
          startDate: input.startDate ?? new Date().toISOString(),
          recurRule: input.recurRule,
          timezone: input.timezone ?? 'UTC',
          duration: 1,
        },
        '2000-01-01T00:00:00Z',
        '2000-01-02T00:00:00Z',
      );
    } catch {
      throw new ValidationError({ recur_rule: 'This repeat rule cannot be read.' });
    }
  }
  if (input.group) {
    const mine = (await listMemberships(actor.userId)).some((m) => m.groupId === input.group);
    if (!mine) throw new ValidationError({ group: 'Choose one of your groups.' });
  }
}

const fields = (i: Partial<TimeBlockInput>) => {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [k, v] of Object.entries(i)) {
    if (v === null) remove.push(k);
    else if (v !== undefined) set[k] = v;
  }
  return { set, remove };
};

export async function createTimeBlock(actor: Actor, input: TimeBlockInput, now = new Date()) {
  await check(actor, input);
  const { set } = fields(input);
  const r = await TimeBlockEntity.create({
    userId: actor.userId,
    blockId: randomUUID(),
    ...set,
  } as never).go();
  return view(r.data, now);
}

/** GET /time-block: a page of the person's time blocks from their partition, with a cursor (D28). */
export async function listTimeBlocks(
  actor: Actor,
  page: number,
  limit: number,
  now = new Date(),
  cursor?: string,
) {
  const read = await readPage<BlockRecord>(
    {
      partition: `TBLOCK#${actor.userId}`,
      keyFields: ['pk', 'sk'],
      query: (n, from) =>
        TimeBlockEntity.query
          .byUser({ userId: actor.userId })
          .go({ limit: n, cursor: from, data: 'includeKeys' }) as Promise<{
          data: BlockRecord[];
          cursor: string | null;
        }>,
      keep: (batch) => batch,
    },
    { size: limit, page, cursor },
  );
  const pageNo = cursor ? null : page;
  return {
    count: countOf(read),
    next: read.next ? `?cursor=${read.next}&limit=${limit}` : null,
    previous: pageNo && pageNo > 1 ? `?page=${pageNo - 1}&limit=${limit}` : null,
    results: read.items.map((b) => view(b, now)),
  };
}

async function load(actor: Actor, blockId: string) {
  const b = (await TimeBlockEntity.get({ userId: actor.userId, blockId }).go()).data;
  if (!b) throw new NotFoundError();
  return b;
}

export async function getTimeBlock(actor: Actor, blockId: string, now = new Date()) {
  return view(await load(actor, blockId), now);
}

export async function updateTimeBlock(
  actor: Actor,
  blockId: string,
  input: Partial<TimeBlockInput>,
  now = new Date(),
) {
  const current = await load(actor, blockId);
  await check(actor, { ...current, ...input } as Partial<TimeBlockInput>);
  const { set, remove } = fields(input);
  let p = TimeBlockEntity.patch({ userId: actor.userId, blockId }).set(set as never);
  if (remove.length) p = p.remove(remove as never);
  await p.go({ response: 'none' });
  return view(await load(actor, blockId), now);
}

export async function deleteTimeBlock(actor: Actor, blockId: string) {
  await load(actor, blockId);
  await TimeBlockEntity.delete({ userId: actor.userId, blockId }).go({ response: 'none' });
}

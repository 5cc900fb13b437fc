/**
 * Saved grid views (spec 001 §3 "Grid view", §4, §7 "Grid views"; decisions D56): each person's own,
 * in their partition (`pk=USER#<userId>`, `sk=GRIDVIEW#<viewId>`). The default view (id -1) is not
 * stored: reading it answers the defaults; changing or deleting it is refused. Someone else's view
 * is simply not found (404).
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_GRID_VIEW_ID,
  defaultGridView,
  GRID_MESSAGES,
  type GridView,
  type GridViewInput,
  type GridViewPatch,
  MAX_GRID_VIEWS,
} from '@tandem/shared/grid/schemas';
import { GridViewEntity } from '../../db/entities/grid-view.ts';
import type { StoredItem } from '../../db/records.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';

type ViewRecord = StoredItem<typeof GridViewEntity>;

const view = (v: ViewRecord): GridView => ({
  id: v.viewId,
  title: v.title,
  gridData: v.gridData,
  createdAt: v.createdAt,
  updatedAt: v.updatedAt ?? v.createdAt,
});

/** All of a person's views, oldest first: one Query (a person keeps at most MAX_GRID_VIEWS). */
async function allViews(userId: string): Promise<ViewRecord[]> {
  const r = await GridViewEntity.query.byUser({ userId }).go({ pages: 'all' });
  return r.data.sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.viewId < b.viewId ? -1 : 1,
  );
}

/**
 * GET task/grid?page=1&offset=0&limit=20: a page of the caller's views, oldest first. `offset` skips
 * views before the page (the spec's call sends both; the page counts from the offset).
 */
export async function listGridViews(actor: Actor, page: number, offset: number, limit: number) {
  const all = await allViews(actor.userId);
  const start = offset + (page - 1) * limit;
  const results = all.slice(start, start + limit).map(view);
  const more = start + limit < all.length;
  return {
    count: all.length,
    next: more ? `?page=${page + 1}&offset=${offset}&limit=${limit}` : null,
    previous: page > 1 ? `?page=${page - 1}&offset=${offset}&limit=${limit}` : null,
    results,
  };
}

export async function createGridView(actor: Actor, input: GridViewInput) {
  const existing = await GridViewEntity.query
    .byUser({ userId: actor.userId })
    .go({ pages: 'all', attributes: ['viewId'] });
  if (existing.data.length >= MAX_GRID_VIEWS) throw new ValidationError({ title: GRID_MESSAGES.tooMany });
  const r = await GridViewEntity.create({
    userId: actor.userId,
    viewId: randomUUID(),
    title: input.title,
    gridData: input.gridData,
  }).go();
  return view(r.data);
}

async function load(actor: Actor, viewId: string) {
  const v = (await GridViewEntity.get({ userId: actor.userId, viewId }).go()).data;
  if (!v) throw new NotFoundError();
  return v as ViewRecord;
}

export async function getGridView(actor: Actor, viewId: string): Promise<GridView> {
  if (viewId === DEFAULT_GRID_VIEW_ID) return defaultGridView();
  return view(await load(actor, viewId));
}

const refuseDefault = (viewId: string) => {
  if (viewId === DEFAULT_GRID_VIEW_ID) throw new ValidationError({ id: GRID_MESSAGES.defaultView });
};

export async function updateGridView(actor: Actor, viewId: string, patch: GridViewPatch) {
  refuseDefault(viewId);
  await load(actor, viewId);
  const set: Record<string, unknown> = {};
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.gridData !== undefined) set.gridData = patch.gridData;
  if (Object.keys(set).length === 0) return view(await load(actor, viewId));
  const r = await GridViewEntity.patch({ userId: actor.userId, viewId })
    .set(set as never)
    .go({ response: 'all_new' });
  return view(r.data);
}

export async function deleteGridView(actor: Actor, viewId: string) {
  refuseDefault(viewId);
  await load(actor, viewId);
  await GridViewEntity.delete({ userId: actor.userId, viewId }).go({ response: 'none' });
}

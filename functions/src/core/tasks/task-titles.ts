/**
 * A person's own titles for task levels and priority groups (spec 000 §7: /task/user/level and
 * /task/user/priority-group), kept on their user item; lists show them in place of the defaults.
 */
import { PRIORITY_GROUPS, TASK_LEVELS } from '@tandem/shared';
import { UserEntity } from '../../db/entities/user.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { getUser } from '../user/user.ts';

type Kind = 'level' | 'priorityGroup';
const defaults = (kind: Kind) =>
  kind === 'level' ? TASK_LEVELS : PRIORITY_GROUPS.map((g) => ({ id: g.id, title: g.listTitle }));
const attribute = (kind: Kind) => (kind === 'level' ? 'levelTitles' : 'priorityGroupTitles');

export async function userTitles(actor: Actor, kind: Kind) {
  const user = await getUser(actor);
  const own = user[attribute(kind)] ?? {};
  const results = defaults(kind).map((d) => ({
    id: d.id,
    title: own[String(d.id)] ?? d.title,
    defaultTitle: d.title,
  }));
  return { count: results.length, results };
}

/** Sets (or, with an empty title, resets) the person's title for one level or priority group. */
export async function setUserTitle(actor: Actor, kind: Kind, id: number, title: string) {
  if (!defaults(kind).some((d) => d.id === id)) throw new NotFoundError();
  const user = await getUser(actor);
  const own = { ...(user[attribute(kind)] ?? {}) };
  if (title.trim()) own[String(id)] = title.trim();
  else delete own[String(id)];
  await UserEntity.patch({ userId: actor.userId })
    .set({ [attribute(kind)]: own })
    .go({ response: 'none' });
  return userTitles(actor, kind);
}

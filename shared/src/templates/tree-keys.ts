/**
 * Tree node keys of the templates screen (spec 002 §3): a group is 'g{id}'; a child is its parent's
 * key plus '-f{id}' (a folder) or '-t{id}' (a template). Ids must not contain '-f' or '-t' runs that
 * read as a separator, so ids are escaped: '-' inside an id is written '--'.
 */

export interface TreeKeyParts {
  groupId: string;
  /** The innermost folder on the path (the folder itself for a folder key), or null. */
  folderId: string | null;
  /** The folder above `folderId`, or null. */
  parentFolderId: string | null;
  templateId: string | null;
  /** Every folder on the path, outermost first. */
  folderPath: string[];
}

const esc = (id: string) => id.replace(/-/g, '--');
const unesc = (id: string) => id.replace(/--/g, '-');

export const groupKey = (groupId: string) => `g${esc(groupId)}`;
export const folderKey = (parentKey: string, folderId: string) => `${parentKey}-f${esc(folderId)}`;
export const templateKey = (parentKey: string, templateId: string) => `${parentKey}-t${esc(templateId)}`;

/** The key of a node from its path: group, folders outermost first, then an optional template. */
export function formatTreeKey(groupId: string, folders: readonly string[] = [], templateId?: string | null) {
  let key = groupKey(groupId);
  for (const f of folders) key = folderKey(key, f);
  return templateId ? templateKey(key, templateId) : key;
}

/** Parses a key back into its parts; null when it is not one (spec 002 §3). */
export function parseTreeKey(key: string): TreeKeyParts | null {
  if (!key.startsWith('g')) return null;
  // Split on a single '-' followed by f or t (an escaped '--' is never a separator).
  const parts: string[] = [];
  let cur = '';
  for (let i = 1; i < key.length; i++) {
    const c = key[i]!;
    if (c === '-' && key[i + 1] === '-') {
      cur += '--';
      i++;
      continue;
    }
    if (c === '-') {
      parts.push(cur);
      cur = '';
      continue;
    }
    cur += c;
  }
  parts.push(cur);
  const [g, ...rest] = parts;
  if (!g) return null;
  const folderPath: string[] = [];
  let templateId: string | null = null;
  for (const [i, p] of rest.entries()) {
    const kind = p[0];
    const id = p.slice(1);
    if (!id) return null;
    if (kind === 'f' && templateId === null) folderPath.push(unesc(id));
    else if (kind === 't' && i === rest.length - 1) templateId = unesc(id);
    else return null;
  }
  return {
    groupId: unesc(g),
    folderId: folderPath.at(-1) ?? null,
    parentFolderId: folderPath.at(-2) ?? null,
    templateId,
    folderPath,
  };
}

/**
 * The templates screen's tree (spec 002 §2, §3): groups → folders → templates, keyed by the shared
 * node keys, filtered by the search text. Pure, so it is tested without a browser.
 */
import type { TitledItem } from '@tandem/shared/templates/rules';
import { folderKey, groupKey, templateKey } from '@tandem/shared/templates/tree-keys';
import type { FolderView, TemplateGroupView, TemplateView } from '@tandem/shared/templates/views';

export interface TemplateNode {
  kind: 'template';
  key: string;
  template: TemplateView;
}
export interface FolderNode {
  kind: 'folder';
  key: string;
  folder: FolderView;
  folders: FolderNode[];
  templates: TemplateNode[];
}
export interface GroupNode {
  kind: 'group';
  key: string;
  group: TemplateGroupView;
  folders: FolderNode[];
  templates: TemplateNode[];
}

/** One group's nodes; a folder or template whose folder is unknown shows at the group's top. */
export function groupNode(group: TemplateGroupView): GroupNode {
  const known = new Set(group.folders.map((f) => f.id));
  const parentOf = (f: FolderView) => (f.parent && known.has(f.parent.id) ? f.parent.id : null);
  const folderOfT = (t: TemplateView) => (t.folder && known.has(t.folder.id) ? t.folder.id : null);
  const build = (parentId: string | null, parentKey: string, seen: Set<string>): FolderNode[] =>
    group.folders
      .filter((f) => parentOf(f) === parentId && !seen.has(f.id))
      .map((f) => {
        const key = folderKey(parentKey, f.id);
        const inner = new Set([...seen, f.id]);
        return {
          kind: 'folder' as const,
          key,
          folder: f,
          folders: build(f.id, key, inner),
          templates: templatesIn(f.id, key),
        };
      });
  // Newest first (spec 002 §2), whatever order they came in.
  const templatesIn = (folderId: string | null, parentKey: string): TemplateNode[] =>
    group.templates
      .filter((t) => folderOfT(t) === folderId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((t) => ({ kind: 'template' as const, key: templateKey(parentKey, t.id), template: t }));
  const key = groupKey(group.id);
  return {
    kind: 'group',
    key,
    group,
    folders: build(null, key, new Set()),
    templates: templatesIn(null, key),
  };
}

const has = (title: string, q: string) => title.toLocaleLowerCase().includes(q);

function filterFolder(f: FolderNode, q: string): FolderNode | null {
  if (has(f.folder.title, q)) return f;
  const folders = f.folders.map((x) => filterFolder(x, q)).filter((x): x is FolderNode => x !== null);
  const templates = f.templates.filter((t) => has(t.template.title, q));
  return folders.length || templates.length ? { ...f, folders, templates } : null;
}

/** The tree with only what matches the search (a matching group or folder keeps all it holds). */
export function filterTree(groups: readonly GroupNode[], search: string): GroupNode[] {
  const q = search.trim().toLocaleLowerCase();
  if (!q) return [...groups];
  return groups.flatMap((g) => {
    if (has(g.group.title, q)) return [g];
    const folders = g.folders.map((x) => filterFolder(x, q)).filter((x): x is FolderNode => x !== null);
    const templates = g.templates.filter((t) => has(t.template.title, q));
    return folders.length || templates.length ? [{ ...g, folders, templates }] : [];
  });
}

/** What a new or renamed title in one place is compared with (shared titleProblem). */
export function siblingsIn(group: TemplateGroupView, kind: 'template' | 'folder'): TitledItem[] {
  return kind === 'template'
    ? group.templates.map((t) => ({
        id: t.id,
        title: t.title,
        groupId: group.id,
        folderId: t.folder?.id ?? null,
      }))
    : group.folders.map((f) => ({
        id: f.id,
        title: f.title,
        groupId: group.id,
        folderId: f.parent?.id ?? null,
      }));
}

/** Every folder of a group with its path, for the move and edit menus. */
export function folderPaths(node: GroupNode): Array<{ id: string; label: string }> {
  const out: Array<{ id: string; label: string }> = [];
  const walk = (folders: FolderNode[], prefix: string) => {
    for (const f of folders) {
      const label = prefix ? `${prefix} / ${f.folder.title}` : f.folder.title;
      out.push({ id: f.folder.id, label });
      walk(f.folders, label);
    }
  };
  walk(node.folders, '');
  return out;
}

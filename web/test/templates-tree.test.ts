/** The templates screen's tree: node keys, newest first, orphans at the top, the search filter. */
import { parseTreeKey } from '@tandem/shared/templates/tree-keys';
import type { TemplateGroupView } from '@tandem/shared/templates/views';
import { describe, expect, it } from 'vitest';
import { filterTree, folderPaths, groupNode, siblingsIn } from '../src/features/templates/utils/tree.ts';

const tpl = (id: string, title: string, folder: string | null, createdAt: string) => ({
  id,
  title,
  type: 'task' as const,
  task: { id, group: 'g1' },
  folder: folder ? { id: folder } : null,
  createdAt,
  isOwner: true,
});
const group: TemplateGroupView = {
  id: 'g1',
  title: 'Team',
  metadata: { icon: 'star', color: '#112233' },
  archived: false,
  isOwner: true,
  truncated: false,
  folders: [
    { id: 'f1', title: 'Hiring', parent: null, group: 'g1', createdAt: '', isOwner: true },
    { id: 'f2', title: 'Interviews', parent: { id: 'f1' }, group: 'g1', createdAt: '', isOwner: true },
  ],
  templates: [
    tpl('t1', 'Old', null, '2026-01-01T00:00:00Z'),
    tpl('t2', 'New', null, '2026-03-01T00:00:00Z'),
    tpl('t3', 'Phone screen', 'f2', '2026-02-01T00:00:00Z'),
    tpl('t4', 'Lost', 'gone', '2026-02-01T00:00:00Z'),
  ],
};

describe('the templates tree', () => {
  it('nests folders, sorts templates newest first and keys every node the spec’s way', () => {
    const g = groupNode(group);
    expect(g.key).toBe('gg1');
    expect(g.templates.map((t) => t.template.id)).toEqual(['t2', 't4', 't1']);
    const inner = g.folders[0]!.folders[0]!;
    expect(inner.key).toBe('gg1-ff1-ff2');
    expect(inner.templates[0]!.key).toBe('gg1-ff1-ff2-tt3');
    expect(parseTreeKey(inner.templates[0]!.key)).toMatchObject({
      groupId: 'g1',
      folderId: 'f2',
      parentFolderId: 'f1',
      templateId: 't3',
    });
    expect(folderPaths(g)).toEqual([
      { id: 'f1', label: 'Hiring' },
      { id: 'f2', label: 'Hiring / Interviews' },
    ]);
  });
  it('filters by title, keeping the path to a match and all of a matching folder', () => {
    const g = groupNode(group);
    const [hit] = filterTree([g], 'phone');
    expect(hit!.templates).toEqual([]);
    expect(hit!.folders[0]!.folders[0]!.templates.map((t) => t.template.id)).toEqual(['t3']);
    expect(filterTree([g], 'interviews')[0]!.folders[0]!.folders[0]!.templates).toHaveLength(1);
    expect(filterTree([g], 'nothing like it')).toEqual([]);
    expect(filterTree([g], '  ')).toEqual([g]);
  });
  it('gives the unique-title rule the siblings of each kind', () => {
    expect(siblingsIn(group, 'folder').find((f) => f.id === 'f2')).toMatchObject({ folderId: 'f1' });
    expect(siblingsIn(group, 'template').find((t) => t.id === 't3')).toMatchObject({ folderId: 'f2' });
  });
});

/**
 * "Save as template" under the AI builder's proposal (D64): the proposed tree saved as a task template
 * in a group the person owns, its title unique in the group's top (the server answers 409 otherwise,
 * shown on the field).
 */
import { Anchor, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import type { ProposedNode } from '@tandem/shared/ai/ai';
import { titleProblem } from '@tandem/shared/templates/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorText, notifySuccess } from '../../../lib/notify.ts';
import { createTemplate, useTemplateTree } from '../../templates/api/templates.ts';
import { proposalNodes } from '../utils.ts';

export function SaveAsTemplate({ root }: { root: ProposedNode }) {
  const { t } = useTranslation('roles');
  const { data } = useTemplateTree();
  const owned = (data?.groups ?? []).filter((g) => g.isOwner && !g.archived);
  const [group, setGroup] = useState<string | null>(null);
  const [title, setTitle] = useState(root.title);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const chosen = group ?? owned[0]?.id ?? null;

  async function save() {
    if (!chosen) return;
    const g = owned.find((x) => x.id === chosen);
    const local = titleProblem(
      title,
      { groupId: chosen, folderId: null },
      (g?.templates ?? [])
        .filter((x) => x.folder === null)
        .map((x) => ({ id: x.id, title: x.title, groupId: chosen, folderId: null })),
    );
    if (local) return setProblem(local);
    setSaving(true);
    setProblem(null);
    try {
      await createTemplate({ title: title.trim(), group: chosen, nodes: proposalNodes(root) });
      notifySuccess(t('aiBuilder.saved'));
      setSaved(true);
    } catch (err) {
      setProblem(errorText(err, t('aiBuilder.saveFailed')));
    } finally {
      setSaving(false);
    }
  }

  if (owned.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('aiBuilder.saveAsTemplate')}>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('aiBuilder.group')}
          allowDeselect={false}
          value={chosen}
          data={owned.map((g) => ({ value: g.id, label: g.title }))}
          onChange={setGroup}
        />
        <TextInput
          label={t('aiBuilder.templateTitle')}
          value={title}
          error={problem ?? undefined}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            setProblem(null);
            setSaved(false);
          }}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button onClick={() => void save()} loading={saving} disabled={saved}>
          {t('aiBuilder.saveAsTemplate')}
        </Button>
      </Group>
      {saved && (
        <Anchor component={Link} to={paths.templates} size="sm">
          {t('aiBuilder.openTemplates')}
        </Anchor>
      )}
    </Stack>
  );
}

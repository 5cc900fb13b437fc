/**
 * The AI builder (spec 002 §2, issue 16 item 5) at /templates/ai-builder: a prompt proposes a template
 * tree (titles, levels, sub-tasks), shown as an indented list.
 */
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { AI_LIMITS } from '@tandem/shared/ai/ai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PromptCard } from '../../../components/prompt-card.tsx';
import { accountRolesPath } from '../../roles/paths.ts';
import { proposeTemplate, type TemplateProposal } from '../api/propose.ts';
import { ProposalTree } from '../components/proposal-tree.tsx';
import { SaveAsTemplate } from '../components/save-as-template.tsx';

export default function AiBuilderPage() {
  const { t } = useTranslation('roles');
  const [proposal, setProposal] = useState<TemplateProposal | null>(null);

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} fz="h2">
        {t('aiBuilder.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('aiBuilder.intro')}
      </Text>
      <PromptCard
        label={t('aiBuilder.prompt')}
        placeholder={t('aiBuilder.promptPlaceholder')}
        submitLabel={t('aiBuilder.generate')}
        maxLength={AI_LIMITS.promptChars}
        requiredMessage={t('aiBuilder.promptRequired')}
        failedText={t('aiBuilder.failed')}
        titled
        onSubmit={async (prompt, signal) => setProposal(await proposeTemplate(prompt, signal))}
        aside={
          <Anchor component={Link} to={accountRolesPath} size="sm">
            {t('aiBuilder.roles')}
          </Anchor>
        }
      />
      {proposal && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="h4">
                {t('aiBuilder.proposal')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('aiBuilder.tasks', { count: proposal.nodeCount })}
              </Text>
            </Group>
            <ProposalTree root={proposal.root} label={t('aiBuilder.proposal')} />
            <SaveAsTemplate key={proposal.root.title} root={proposal.root} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

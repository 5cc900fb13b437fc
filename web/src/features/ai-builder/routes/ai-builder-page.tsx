/**
 * The AI builder (spec 002 §2, issue 16 item 5) at /templates/ai-builder: a prompt proposes a template
 * tree (titles, levels, sub-tasks), shown as an indented list.
 */
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { AI_LIMITS } from '@tandem/shared/ai/ai';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../lib/notify.ts';
import { accountRolesPath } from '../../roles/paths.ts';
import { proposeTemplate, type TemplateProposal } from '../api/propose.ts';
import { ProposalTree } from '../components/proposal-tree.tsx';
import { SaveAsTemplate } from '../components/save-as-template.tsx';

export default function AiBuilderPage() {
  const { t } = useTranslation('roles');
  const [prompt, setPrompt] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [proposal, setProposal] = useState<TemplateProposal | null>(null);
  const running = useRef<AbortController | null>(null);
  const empty = prompt.trim() === '';

  async function generate() {
    setTouched(true);
    if (empty || busy) return;
    running.current?.abort();
    const ctl = new AbortController();
    running.current = ctl;
    setBusy(true);
    setFailure(null);
    try {
      setProposal(await proposeTemplate(prompt.trim(), ctl.signal));
    } catch (err) {
      if (!ctl.signal.aborted) setFailure(errorText(err, t('aiBuilder.failed')));
    } finally {
      if (running.current === ctl) setBusy(false);
    }
  }

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} fz="h2">
        {t('aiBuilder.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('aiBuilder.intro')}
      </Text>
      <Paper withBorder p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void generate();
          }}
        >
          <Stack gap="sm">
            <Textarea
              label={t('aiBuilder.prompt')}
              placeholder={t('aiBuilder.promptPlaceholder')}
              autosize
              minRows={3}
              maxRows={10}
              maxLength={AI_LIMITS.promptChars}
              value={prompt}
              onChange={(e) => setPrompt(e.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={touched && empty ? t('aiBuilder.promptRequired') : undefined}
            />
            <Group justify="space-between">
              <Anchor component={Link} to={accountRolesPath} size="sm">
                {t('aiBuilder.roles')}
              </Anchor>
              <Button type="submit" loading={busy}>
                {t('aiBuilder.generate')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {failure && (
        <Alert color="red" variant="light" title={t('aiBuilder.failed')}>
          {failure}
        </Alert>
      )}
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

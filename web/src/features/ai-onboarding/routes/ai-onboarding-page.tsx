/**
 * /ai-onboarding (spec 002 §2; issue 18 item 5; decisions D69): describe your work, get suggested
 * groups with first tasks, edit them (rename, drop, add or remove tasks), and create the kept ones
 * through the group and task domains.
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ONBOARDING_LIMITS,
  ONBOARDING_MESSAGES,
  type OnboardingGroup,
} from '@tandem/shared/surveys/ai-onboarding';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PromptCard } from '../../../components/prompt-card.tsx';
import { paths } from '../../../config/paths.ts';
import { errorText, notifySuccess } from '../../../lib/notify.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';
import { acceptOnboarding, suggestOnboarding } from '../api/onboarding.ts';

interface Draft extends OnboardingGroup {
  key: number;
  keep: boolean;
}

export default function AiOnboardingPage() {
  const { t } = useTranslation('surveys');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [created, setCreated] = useState<string[] | null>(null);

  async function suggest(description: string, signal: AbortSignal) {
    setFailure(null);
    setCreated(null);
    const r = await suggestOnboarding(description, signal);
    setDrafts(r.groups.map((g, i) => ({ ...g, key: i, keep: true })));
  }

  const change = (key: number, patch: Partial<Draft>) =>
    setDrafts((ds) => ds?.map((d) => (d.key === key ? { ...d, ...patch } : d)) ?? null);
  const kept = drafts?.filter((d) => d.keep) ?? [];

  async function accept() {
    if (!kept.length) return setFailure(t('onboarding.noneKept'));
    setBusy(true);
    setFailure(null);
    try {
      const r = await acceptOnboarding(
        kept.map((d) => ({ title: d.title, tasks: d.tasks.map((x) => x.trim()).filter(Boolean) })),
      );
      await revalidateAfter('group', 'task');
      notifySuccess(t('onboarding.accepted'));
      setCreated(r.groups.map((g) => g.title));
      setDrafts(null);
    } catch (err) {
      setFailure(errorText(err, t('onboarding.acceptFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} fz="h2">
        {t('onboarding.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('onboarding.intro')}
      </Text>
      <PromptCard
        label={t('onboarding.description')}
        placeholder={t('onboarding.placeholder')}
        submitLabel={t('onboarding.suggest')}
        maxLength={ONBOARDING_LIMITS.descriptionChars}
        requiredMessage={ONBOARDING_MESSAGES.descriptionRequired}
        failedText={t('onboarding.failed')}
        onSubmit={suggest}
      />
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {created && (
        <Alert color="green" variant="light">
          <Stack gap={4}>
            <Text size="sm">{t('onboarding.done', { groups: created.join(', ') })}</Text>
            <Anchor component={Link} to={paths.today} size="sm">
              {t('onboarding.toToday')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {drafts && (
        <Stack gap="sm" aria-label={t('onboarding.suggestions')}>
          <Title order={2} fz="h4">
            {t('onboarding.suggestions')}
          </Title>
          {drafts.map((d) => (
            <Paper key={d.key} withBorder p="md">
              <Stack gap="xs">
                <Group wrap="nowrap" align="flex-end">
                  <Checkbox
                    aria-label={t('onboarding.keep', { title: d.title })}
                    checked={d.keep}
                    onChange={(e) => change(d.key, { keep: e.currentTarget.checked })}
                    mb={8}
                  />
                  <TextInput
                    label={t('onboarding.groupName')}
                    style={{ flex: 1 }}
                    maxLength={ONBOARDING_LIMITS.groupTitleChars}
                    disabled={!d.keep}
                    value={d.title}
                    onChange={(e) => change(d.key, { title: e.currentTarget.value })}
                  />
                </Group>
                {d.tasks.map((task, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a task row is its position in the draft
                  <Group key={i} wrap="nowrap" pl={36}>
                    <TextInput
                      aria-label={`${t('onboarding.task')} ${i + 1} · ${d.title}`}
                      style={{ flex: 1 }}
                      maxLength={ONBOARDING_LIMITS.taskTitleChars}
                      disabled={!d.keep}
                      value={task}
                      onChange={(e) =>
                        change(d.key, { tasks: d.tasks.map((x, j) => (j === i ? e.currentTarget.value : x)) })
                      }
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={!d.keep}
                      aria-label={`${t('onboarding.removeTask')}: ${task}`}
                      onClick={() => change(d.key, { tasks: d.tasks.filter((_, j) => j !== i) })}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                ))}
                <Group pl={36}>
                  <Button
                    size="xs"
                    variant="subtle"
                    disabled={!d.keep || d.tasks.length >= ONBOARDING_LIMITS.maxTasks}
                    onClick={() => change(d.key, { tasks: [...d.tasks, ''] })}
                  >
                    {t('onboarding.addTask')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
          <Group justify="flex-end">
            <Button onClick={() => void accept()} loading={busy} disabled={!kept.length}>
              {t('onboarding.accept')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

/** A survey's results summary: per question its answers, counts with bars, the scale's mean. */
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { SurveySummary, SurveyView } from '@tandem/shared/surveys/surveys';
import { useTranslation } from 'react-i18next';

export function SurveyResults({ survey, summary }: { survey: SurveyView; summary: SurveySummary }) {
  const { t } = useTranslation('surveys');
  return (
    <Stack gap="sm" aria-label={t('results.title')}>
      <Title order={2} fz="h4">
        {t('results.responses', { count: summary.responses })}
      </Title>
      {summary.questions.map((s) => {
        const q = survey.questions.find((x) => x.id === s.questionId);
        const share = (n: number) => (summary.responses ? (n / summary.responses) * 100 : 0);
        return (
          <Paper key={s.questionId} withBorder p="sm">
            <Stack gap={6}>
              <Group justify="space-between">
                <Text fw={500}>{q?.prompt}</Text>
                <Text size="sm" c="dimmed">
                  {t('results.answered', { count: s.answered })}
                </Text>
              </Group>
              {s.type === 'text' &&
                s.latest.map((a, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: answers may repeat; their order is fixed
                  <Text key={i} size="sm">
                    “{a}”
                  </Text>
                ))}
              {(s.type === 'single' || s.type === 'multiple') &&
                s.counts.map((c) => (
                  <Stack key={c.option} gap={2}>
                    <Group justify="space-between">
                      <Text size="sm">{c.option}</Text>
                      <Text size="sm" data-testid="option-count">
                        {c.count}
                      </Text>
                    </Group>
                    <Progress value={share(c.count)} aria-label={c.option} />
                  </Stack>
                ))}
              {s.type === 'scale' && (
                <Text size="sm">
                  {s.mean === null ? t('results.noMean') : t('results.mean', { mean: s.mean })}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * /surveys (decisions D69): the person's surveys — make one, share its link, read its results summary,
 * delete it.
 */
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SurveyInput, SurveyView } from '@tandem/shared/surveys/surveys';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { createSurvey, deleteSurvey, getSurvey, listSurveys, type SurveyDetail } from '../api/surveys.ts';
import { SurveyBuilder } from '../components/survey-builder.tsx';
import { SurveyResults } from '../components/survey-results.tsx';
import { businessPlanPath, takeSurveyPath } from '../paths.ts';

export default function SurveysPage() {
  const { t } = useTranslation('surveys');
  const [surveys, setSurveys] = useState<SurveyView[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [open, setOpen] = useState<SurveyDetail | null>(null);
  const [building, setBuilding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const reload = useCallback(
    () =>
      listSurveys().then(
        (r) => setSurveys(r.results),
        (err: unknown) => setFailure(errorText(err, t('mine.loadFailed'))),
      ),
    [t],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  async function save(input: SurveyInput) {
    setBusy(true);
    setErrors({});
    try {
      const s = await createSurvey(input);
      notifySuccess(t('mine.created'));
      setBuilding(false);
      await reload();
      setOpen(await getSurvey(s.id));
    } catch (err) {
      const fields = err instanceof ApiError ? (err.body.errors ?? {}) : {};
      setErrors(Object.keys(fields).length ? fields : { title: errorText(err, t('mine.saveFailed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {t('mine.title')}
        </Title>
        {!building && <Button onClick={() => setBuilding(true)}>{t('mine.new')}</Button>}
      </Group>
      {failure && (
        <Alert color="red" variant="light">
          {failure}
        </Alert>
      )}
      {building && (
        <Paper withBorder p="md">
          <SurveyBuilder busy={busy} errors={errors} onSave={save} />
        </Paper>
      )}
      {surveys?.length === 0 && !building && <Text c="dimmed">{t('mine.empty')}</Text>}
      {surveys?.map((s) => (
        <Paper key={s.id} withBorder p="md">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={500}>{s.title}</Text>
              <Text size="sm" c="dimmed">
                {t('results.responses', { count: s.responseCount })}
              </Text>
            </Group>
            <Group gap="md">
              <Anchor component={Link} to={takeSurveyPath(s.id)} size="sm">
                {t('mine.link')}
              </Anchor>
              {s.kind === 'business-plan' && (
                <Anchor component={Link} to={businessPlanPath(s.id)} size="sm">
                  {t('mine.businessPlanLink')}
                </Anchor>
              )}
              <Text size="sm" c="dimmed">
                {t('mine.code', { code: s.id })}
              </Text>
            </Group>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                onClick={async () => {
                  try {
                    setOpen(open?.id === s.id ? null : await getSurvey(s.id));
                  } catch (err) {
                    notifyError(t('mine.loadFailed'), errorText(err, t('mine.loadFailed')));
                  }
                }}
              >
                {open?.id === s.id ? t('mine.hideResults') : t('mine.results')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={async () => {
                  if (!window.confirm(t('mine.confirmDelete', { title: s.title }))) return;
                  try {
                    await deleteSurvey(s.id);
                    if (open?.id === s.id) setOpen(null);
                    await reload();
                  } catch (err) {
                    notifyError(t('mine.deleteFailed'), errorText(err, t('mine.deleteFailed')));
                  }
                }}
              >
                {t('mine.delete')}
              </Button>
            </Group>
            {open?.id === s.id && <SurveyResults survey={open} summary={open.summary} />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * /take-survey, /take-survey/survey and /take-survey/survey/{surveyCode} (spec 002 §2; decisions D69):
 * without a code, a field for the code one was given; with one, the survey to answer. Answering keeps
 * the access token in this browser and goes to /survey-confirmation/. /take-survey?affiliate_id=<code>
 * offers that affiliate's business planning survey (decisions D77).
 */
import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { isSurveyCode, type PublicSurveyView, SURVEY_MESSAGES } from '@tandem/shared/surveys/surveys';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText } from '../../../lib/notify.ts';
import { businessPlanSurvey, submitSurvey, surveyToTake } from '../api/surveys.ts';
import { SurveyForm } from '../components/survey-form.tsx';
import { surveyPaths, takeSurveyPath } from '../paths.ts';
import { saveReceipt } from '../utils/survey-token.ts';

function CodeEntry() {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const c = code.trim();
        if (!isSurveyCode(c)) return setError(c ? SURVEY_MESSAGES.notFound : SURVEY_MESSAGES.codeRequired);
        navigate(takeSurveyPath(c));
      }}
    >
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('take.title')}
        </Title>
        <Text c="dimmed">{t('take.codeIntro')}</Text>
        <TextInput
          label={t('take.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit">{t('take.open')}</Button>
      </Stack>
    </form>
  );
}

function TakeSurvey({ code }: { code: string }) {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const [survey, setSurvey] = useState<PublicSurveyView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    surveyToTake(code).then(
      (s) => live && setSurvey(s),
      (err: unknown) => live && setFailure(errorText(err, t('take.loadFailed'))),
    );
    return () => {
      live = false;
    };
  }, [code, t]);

  if (failure)
    return (
      <Alert color="red" variant="light" title={t('take.loadFailed')}>
        {failure}
      </Alert>
    );
  if (!survey) return <Loader aria-label={t('take.loading')} />;
  return (
    <Stack gap="md">
      {errors._form && (
        <Alert color="red" variant="light" role="alert">
          {errors._form}
        </Alert>
      )}
      <SurveyForm
        survey={survey}
        busy={busy}
        errors={errors}
        onSubmit={async (v) => {
          setBusy(true);
          setErrors({});
          try {
            const receipt = await submitSurvey({ survey: survey.id, ...v });
            saveReceipt({
              token: receipt.accessToken,
              confirmation: receipt.confirmation,
              title: survey.title,
            });
            navigate(surveyPaths.confirmation);
          } catch (err) {
            const fields = err instanceof ApiError ? (err.body.errors ?? {}) : {};
            setErrors(
              Object.keys(fields).length ? fields : { _form: errorText(err, t('take.submitFailed')) },
            );
          } finally {
            setBusy(false);
          }
        }}
      />
    </Stack>
  );
}

/** /take-survey?affiliate_id=<code> (decisions D77): the affiliate's business planning survey, to start. */
function BusinessPlanOffer({ affiliateId }: { affiliateId: string }) {
  const { t } = useTranslation('surveys');
  const [survey, setSurvey] = useState<PublicSurveyView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    businessPlanSurvey(affiliateId).then(
      (s) => live && setSurvey(s),
      (err: unknown) => live && setFailure(errorText(err, t('take.businessPlanFailed'))),
    );
    return () => {
      live = false;
    };
  }, [affiliateId, t]);
  if (failure)
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert" title={t('take.businessPlanFailed')}>
          {failure}
        </Alert>
        <CodeEntry />
      </Stack>
    );
  if (!survey) return <Loader aria-label={t('take.loading')} />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('take.businessPlan')}
      </Text>
      <Title order={1} fz="h2">
        {survey.title}
      </Title>
      {survey.intro && <Text>{survey.intro}</Text>}
      <Group>
        <Button component={Link} to={takeSurveyPath(survey.id)}>
          {t('take.start')}
        </Button>
      </Group>
    </Stack>
  );
}

export default function TakeSurveyPage() {
  const { surveyCode } = useParams();
  const [params] = useSearchParams();
  const affiliateId = params.get('affiliate_id') ?? params.get('affiliateId');
  if (surveyCode) return <TakeSurvey key={surveyCode} code={surveyCode} />;
  return affiliateId ? <BusinessPlanOffer key={affiliateId} affiliateId={affiliateId} /> : <CodeEntry />;
}

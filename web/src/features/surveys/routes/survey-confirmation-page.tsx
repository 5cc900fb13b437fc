/**
 * /survey-confirmation/ (spec 002 §2): after answering, the survey's confirmation text. Opened from a
 * confirmation e-mail (?confirmation=<id>&code=<code>; decisions D77), it confirms the answers for the
 * signed-in person the mail went to, or asks them to sign in first.
 */
import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_SURVEY_CONFIRMATION } from '@tandem/shared/surveys/surveys';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { loginPath } from '../../../config/paths.ts';
import { useSessionStatus } from '../../../lib/auth/session.ts';
import { errorText } from '../../../lib/notify.ts';
import { confirmSurveyAnswers } from '../api/surveys.ts';
import { surveyPaths } from '../paths.ts';
import { readReceipt } from '../utils/survey-token.ts';

function ConfirmFromMail({ id, code }: { id: string; code: string }) {
  const { t } = useTranslation('surveys');
  const session = useSessionStatus();
  const location = useLocation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (session !== 'signedIn') return;
    let live = true;
    confirmSurveyAnswers(id, code).then(
      (c) => live && setOutcome({ ok: true, text: t('confirm.done', { title: c.survey.title }) }),
      (err: unknown) => live && setOutcome({ ok: false, text: errorText(err, t('confirm.failed')) }),
    );
    return () => {
      live = false;
    };
  }, [id, code, session, t]);

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t('confirm.pageTitle')}
      </Title>
      {session !== 'signedIn' ? (
        <Text>
          {t('confirm.signInToConfirm')}{' '}
          <Anchor component={Link} to={loginPath(`${location.pathname}${location.search}`)}>
            {t('confirm.signInLink')}
          </Anchor>
        </Text>
      ) : !outcome ? (
        <Loader aria-label={t('confirm.confirming')} />
      ) : (
        <Alert color={outcome.ok ? 'green' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </Alert>
      )}
      <Anchor component={Link} to={surveyPaths.status}>
        {t('confirmation.status')}
      </Anchor>
    </Stack>
  );
}

export default function SurveyConfirmationPage() {
  const { t } = useTranslation('surveys');
  const [params] = useSearchParams();
  const id = params.get('confirmation');
  const code = params.get('code');
  if (id && code) return <ConfirmFromMail id={id} code={code} />;
  const receipt = readReceipt();
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t('confirmation.title')}
      </Title>
      {receipt?.title && <Text fw={500}>{receipt.title}</Text>}
      <Text>{receipt?.confirmation || DEFAULT_SURVEY_CONFIRMATION}</Text>
      <Anchor component={Link} to={surveyPaths.status}>
        {t('confirmation.status')}
      </Anchor>
    </Stack>
  );
}

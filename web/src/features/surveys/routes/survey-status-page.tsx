/**
 * /survey/status (spec 002 §2, §5): the status of one's latest response, by the access token kept in
 * this browser; without one, 'No access token found'. Below it, signed in, its confirmation by e-mail
 * (decisions D77).
 */
import { Alert, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { SURVEY_MESSAGES, type SurveyStatusView } from '@tandem/shared/surveys/surveys';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/notify.ts';
import { surveyStatus } from '../api/surveys.ts';
import { ConfirmByMail } from '../components/confirm-by-mail.tsx';
import { readReceipt } from '../utils/survey-token.ts';

export default function SurveyStatusPage() {
  const { t } = useTranslation('surveys');
  const [token] = useState(() => readReceipt()?.token ?? null);
  const [status, setStatus] = useState<SurveyStatusView | null>(null);
  const [failure, setFailure] = useState<string | null>(token ? null : SURVEY_MESSAGES.noAccessToken);
  useEffect(() => {
    if (!token) return;
    let live = true;
    surveyStatus(token).then(
      (s) => live && setStatus(s),
      (err: unknown) => live && setFailure(errorText(err, t('status.failed'))),
    );
    return () => {
      live = false;
    };
  }, [token, t]);

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t('status.title')}
      </Title>
      {failure ? (
        <Alert color="yellow" variant="light" role="alert">
          {failure}
        </Alert>
      ) : !status ? (
        <Loader aria-label={t('take.loading')} />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={500}>{status.survey.title}</Text>
            <Badge color="green" variant="light">
              {t(`status.${status.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('status.submittedAt', { at: new Date(status.submittedAt).toLocaleString() })}
          </Text>
          <Table aria-label={t('status.answers')}>
            <Table.Tbody>
              {status.answers.map((a) => (
                <Table.Tr key={a.prompt}>
                  <Table.Th scope="row">{a.prompt}</Table.Th>
                  <Table.Td>{a.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {token && <ConfirmByMail token={token} />}
        </Stack>
      )}
    </Stack>
  );
}

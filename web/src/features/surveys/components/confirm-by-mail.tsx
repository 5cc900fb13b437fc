/**
 * On /survey/status (decisions D77): signed in, one's confirmations of survey answers with their
 * status, a button that mails a confirmation of the answers kept in this browser, and "send again" for a
 * pending or expired one; signed out, a link to sign in first.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  canResendConfirmation,
  type SurveyAffiliationView,
  type SurveyConfirmationStatus,
} from '@tandem/shared/surveys/confirmations';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loginPath } from '../../../config/paths.ts';
import { useSessionStatus } from '../../../lib/auth/session.ts';
import { errorText } from '../../../lib/notify.ts';
import { resendSurveyConfirmation, sendSurveyConfirmation, surveyAffiliation } from '../api/surveys.ts';
import { surveyPaths } from '../paths.ts';

const COLOURS: Record<SurveyConfirmationStatus, string> = {
  pending: 'blue',
  confirmed: 'green',
  expired: 'gray',
};

function Confirmations({ token }: { token: string }) {
  const { t } = useTranslation('surveys');
  const [affiliation, setAffiliation] = useState<SurveyAffiliationView | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(
    () =>
      surveyAffiliation().then(setAffiliation, (err: unknown) =>
        setMessage({ ok: false, text: errorText(err, t('confirm.loadFailed')) }),
      ),
    [t],
  );
  useEffect(() => {
    void load();
  }, [load]);

  async function run(key: string, call: () => Promise<{ email: string }>) {
    setBusy(key);
    setMessage(null);
    try {
      const c = await call();
      setMessage({ ok: true, text: t('confirm.sent', { email: c.email }) });
      await load();
    } catch (err) {
      setMessage({ ok: false, text: errorText(err, t('confirm.sendFailed')) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="sm">
      <Text size="sm">{t('confirm.intro')}</Text>
      <Group>
        <Button
          loading={busy === 'send'}
          onClick={() => void run('send', () => sendSurveyConfirmation(token))}
        >
          {t('confirm.send')}
        </Button>
      </Group>
      {message && (
        <Alert color={message.ok ? 'green' : 'red'} variant="light" role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      )}
      {!affiliation ? (
        <Loader size="sm" aria-label={t('confirm.loading')} />
      ) : (
        <>
          {affiliation.affiliate && (
            <Text size="sm">{t('confirm.affiliate', { title: affiliation.affiliate.title })}</Text>
          )}
          {affiliation.confirmations.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('confirm.none')}
            </Text>
          ) : (
            <Table aria-label={t('confirm.list')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('confirm.survey')}</Table.Th>
                  <Table.Th>{t('confirm.status')}</Table.Th>
                  <Table.Th>{t('confirm.sentAt')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('confirm.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {affiliation.confirmations.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.survey.title || t('confirm.deleted')}</Table.Td>
                    <Table.Td>
                      <Badge color={COLOURS[c.status]} variant="light" style={{ minWidth: 'max-content' }}>
                        {t(`confirm.statuses.${c.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{new Date(c.sentAt).toLocaleString()}</Table.Td>
                    <Table.Td>
                      {canResendConfirmation(c.status) && (
                        <Button
                          size="xs"
                          variant="default"
                          loading={busy === c.id}
                          aria-label={t('confirm.resendOf', { title: c.survey.title })}
                          onClick={() => void run(c.id, () => resendSurveyConfirmation(c.id))}
                        >
                          {t('confirm.resend')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}

export function ConfirmByMail({ token }: { token: string }) {
  const { t } = useTranslation('surveys');
  const session = useSessionStatus();
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('confirm.title')}
      </Title>
      {session === 'signedIn' ? (
        <Confirmations token={token} />
      ) : (
        <Text size="sm">
          {t('confirm.signIn')}{' '}
          <Anchor component={Link} to={loginPath(surveyPaths.status)}>
            {t('confirm.signInLink')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

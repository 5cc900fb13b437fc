/**
 * /callback/google and /callback/azure (spec 002 §2): the provider sends the person back here with a
 * code and the state; they are handed to the server once (a state works once), then the integrations
 * screen shows the new connection to choose a calendar.
 */
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { isOAuthProvider } from '@tandem/shared/integrations/integrations';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/notify.ts';
import { initializeOAuth } from '../api/integrations.ts';

export default function CallbackPage() {
  const { t } = useTranslation('integrations');
  const { platform = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const code = search.get('code');
    const state = search.get('state');
    if (search.get('error') || !code || !state || !isOAuthProvider(platform)) {
      setFailure(t('callback.denied'));
      return;
    }
    initializeOAuth(platform, code, state).then(
      () => navigate(paths.integrations, { replace: true }),
      (err: unknown) => setFailure(errorText(err, t('callback.failed'))),
    );
  }, [platform, search, navigate, t]);
  return (
    <Stack gap="md" maw={600}>
      {failure ? (
        <Alert color="red" title={t('callback.failed')}>
          <Stack gap="xs">
            <Text size="sm">{failure}</Text>
            <Anchor component={Link} to={paths.integrations}>
              {t('callback.back')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <>
          <Loader size="sm" />
          <Text>{t('callback.working')}</Text>
        </>
      )}
    </Stack>
  );
}

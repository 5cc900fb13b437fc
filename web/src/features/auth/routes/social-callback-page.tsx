import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { markSignedIn } from '../../../lib/auth/session.ts';
import { completeSocialSignIn, providerFromSlug } from '../../../lib/auth/social.ts';
import { getConfig } from '../../../lib/config.ts';
import { safeNextPath } from '../../../lib/url.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';

/** /login/callback/{provider}: exchanges the hosted UI's code for tokens, then enters the app. */
export default function SocialCallbackPage() {
  const { t } = useTranslation();
  const { provider: slug } = useParams();
  const [params] = useSearchParams();
  const message = useErrorMessage();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);

  useEffect(() => {
    // The code is single-use: never exchange it twice (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    const config = getConfig();
    const provider = providerFromSlug(slug, config);
    if (!provider) {
      setError(new Error(t('auth.social.unknownProvider')));
      return;
    }
    completeSocialSignIn(config, provider, params)
      .then((next) => markSignedIn(safeNextPath(next)))
      .catch(setError);
  }, [slug, params, t]);

  return (
    <AuthCard title={t('auth.social.title')}>
      {error === null ? (
        <Stack align="center" py="md">
          <Loader aria-label={t('auth.social.working')} />
          <Text c="dimmed" size="sm">
            {t('auth.social.working')}
          </Text>
        </Stack>
      ) : (
        <Stack gap="md">
          <FormAlert>{message(error)}</FormAlert>
          <Anchor component={Link} to={paths.login} size="sm">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      )}
    </AuthCard>
  );
}

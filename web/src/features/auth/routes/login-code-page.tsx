import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { confirmTotpSignIn, hasPendingTotp } from '../../../lib/auth/cognito.ts';
import { markSignedIn } from '../../../lib/auth/session.ts';
import { safeNextPath } from '../../../lib/url.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { isSixDigitCode } from '../../../lib/validation.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';

/** Second step of sign-in when two-factor is on: the code from the authenticator app. */
export default function LoginCodePage() {
  const { t } = useTranslation(['common', 'validation']);
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const message = useErrorMessage();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  // The first step lives in memory; after a reload the user starts again.
  if (!hasPendingTotp() && !busy) {
    return <Navigate to={`${paths.login}${params.size ? `?${params}` : ''}`} replace />;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isSixDigitCode(code)) {
      setFieldError(t('validation:code'));
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    setError(null);
    try {
      await confirmTotpSignIn(code);
      markSignedIn(next);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('auth.loginCode.title')} subtitle={t('auth.loginCode.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error !== null && (
            <FormAlert>
              <Text size="sm">{message(error)}</Text>
            </FormAlert>
          )}
          <TextInput
            label={t('fields.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
            error={fieldError}
            required
            autoFocus
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('auth.loginCode.submit')}
          </Button>
          <Anchor component={Link} to={paths.login} size="sm" ta="center">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

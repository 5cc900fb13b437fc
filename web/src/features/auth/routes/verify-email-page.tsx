import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthError } from '../../../lib/auth/auth-error.ts';
import { confirmSignUp, resendSignUpCode } from '../../../lib/auth/cognito.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { isEmail, isSixDigitCode } from '../../../lib/validation.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';

/** Confirms a new account with the six-digit code from the welcome e-mail. */
export default function VerifyEmailPage() {
  const { t } = useTranslation(['common', 'validation']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const message = useErrorMessage();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [resend, setResend] = useState<'idle' | 'busy' | 'sent' | 'unavailable'>('idle');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs = {
      email: !isEmail(email) ? t('validation:email') : undefined,
      code: !isSixDigitCode(code) ? t('validation:code') : undefined,
    };
    setErrors(errs);
    if (errs.email || errs.code) return;
    setBusy(true);
    setError(null);
    try {
      await confirmSignUp(email, code);
      notifySuccess(t('auth.verify.done'));
      navigate(`${paths.login}?email=${encodeURIComponent(email.trim().toLowerCase())}`, { replace: true });
    } catch (err) {
      if (err instanceof AuthError && err.key === 'alreadyConfirmed') {
        navigate(`${paths.login}?email=${encodeURIComponent(email.trim().toLowerCase())}`, { replace: true });
        return;
      }
      setError(err);
      setBusy(false);
    }
  }

  async function resendCode() {
    if (!isEmail(email)) {
      setErrors({ email: t('validation:email') });
      return;
    }
    setResend('busy');
    try {
      await resendSignUpCode(email);
      setResend('sent');
    } catch (err) {
      if (err instanceof AuthError && err.key === 'resendUnavailable') setResend('unavailable');
      else {
        setResend('idle');
        setError(err);
      }
    }
  }

  return (
    <AuthCard title={t('auth.verify.title')} subtitle={t('auth.verify.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error !== null && (
            <FormAlert>
              <Text size="sm">{message(error)}</Text>
            </FormAlert>
          )}
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
          />
          <TextInput
            label={t('fields.confirmationCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
            error={errors.code}
            required
            autoFocus={!!email}
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('auth.verify.submit')}
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={paths.login} size="sm">
              {t('auth.backToLogin')}
            </Anchor>
            {resend === 'sent' ? (
              <Text size="sm" c="teal">
                {t('auth.verify.resent')}
              </Text>
            ) : resend === 'unavailable' ? (
              <Text size="sm" c="dimmed">
                {t('auth.errors.resendUnavailable')}
              </Text>
            ) : (
              <Button variant="subtle" size="compact-sm" loading={resend === 'busy'} onClick={resendCode}>
                {t('auth.verify.resend')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}

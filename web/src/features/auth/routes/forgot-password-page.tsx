import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthError } from '../../../lib/auth/auth-error.ts';
import { forgotPassword, normaliseEmail } from '../../../lib/auth/cognito.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { isEmail } from '../../../lib/validation.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

/** Asks Cognito to mail a reset code and link; then the code can also be typed here. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['common', 'validation']);
  const [params] = useSearchParams();
  const message = useErrorMessage();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isEmail(email)) {
      setFieldError(t('validation:email'));
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    setError(null);
    try {
      await forgotPassword(email);
      setSentTo(normaliseEmail(email));
    } catch (err) {
      // Whether an account exists is not revealed: an unknown address reads like a sent one.
      if (err instanceof AuthError && err.code === 'UserNotFoundException') setSentTo(normaliseEmail(email));
      else setError(err);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <AuthCard title={t('auth.forgot.sentTitle')} subtitle={t('auth.forgot.sentText', { email: sentTo })}>
        <ResetPasswordForm email={sentTo} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
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
            error={fieldError}
            required
            autoFocus
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('auth.forgot.submit')}
          </Button>
          <Anchor component={Link} to={paths.login} size="sm" ta="center">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

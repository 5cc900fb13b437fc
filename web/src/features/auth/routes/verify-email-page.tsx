import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { emailOnlyField, verifyEmailForm } from '@tandem/shared/user/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthError } from '../../../lib/auth/auth-error.ts';
import { confirmSignUp, resendSignUpCode } from '../../../lib/auth/cognito.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { formValidator } from '../../../lib/validation.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';

/** Confirms a new account with the six-digit code from the welcome e-mail. */
export default function VerifyEmailPage() {
  const { t } = useTranslation(['common', 'validation']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const message = useErrorMessage();
  const form = useForm({
    initialValues: { email: params.get('email') ?? '', code: '' },
    validate: formValidator(verifyEmailForm, (key, v) => t(key, v)),
  });
  const email = form.values.email;
  const [error, setError] = useState<unknown>(null);
  const [resend, setResend] = useState<'idle' | 'busy' | 'sent' | 'unavailable'>('idle');

  async function submit({ email, code }: typeof form.values) {
    setError(null);
    const toLogin = `${paths.login}?email=${encodeURIComponent(email.trim().toLowerCase())}`;
    try {
      await confirmSignUp(email, code);
      notifySuccess(t('auth.verify.done'));
      navigate(toLogin, { replace: true });
    } catch (err) {
      if (err instanceof AuthError && err.key === 'alreadyConfirmed') {
        navigate(toLogin, { replace: true });
        return;
      }
      setError(err);
    }
  }

  async function resendCode() {
    // Only the address is needed to send the code again.
    if (!emailOnlyField.safeParse(email).success) {
      form.setErrors({ email: t('validation:email') });
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
      <form onSubmit={form.onSubmit(submit)} noValidate>
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
            {...form.getInputProps('email')}
            required
          />
          <TextInput
            label={t('fields.confirmationCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...form.getInputProps('code')}
            onChange={(e) => form.setFieldValue('code', e.currentTarget.value.replace(/\D/g, ''))}
            required
            autoFocus={!!email}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
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

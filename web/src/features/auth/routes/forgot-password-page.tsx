import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { forgotPasswordForm } from '@tandem/shared/user/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthError } from '../../../lib/auth/auth-error.ts';
import { forgotPassword, normaliseEmail } from '../../../lib/auth/cognito.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { formValidator } from '../../../lib/validation.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

/** Asks Cognito to mail a reset code and link; then the code can also be typed here. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['common', 'validation']);
  const [params] = useSearchParams();
  const message = useErrorMessage();
  const form = useForm({
    initialValues: { email: params.get('email') ?? '' },
    validate: formValidator(forgotPasswordForm, (key, v) => t(key, v)),
  });
  const [error, setError] = useState<unknown>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit({ email }: typeof form.values) {
    setError(null);
    try {
      await forgotPassword(email);
      setSentTo(normaliseEmail(email));
    } catch (err) {
      // Whether an account exists is not revealed: an unknown address reads like a sent one.
      if (err instanceof AuthError && err.code === 'UserNotFoundException') setSentTo(normaliseEmail(email));
      else setError(err);
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
            autoFocus
          />
          <Button type="submit" loading={form.submitting} fullWidth>
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

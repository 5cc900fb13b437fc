import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { codeForm } from '@tandem/shared/user/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { confirmTotpSignIn, hasPendingTotp } from '../../../lib/auth/cognito.ts';
import { markSignedIn } from '../../../lib/auth/session.ts';
import { safeNextPath } from '../../../lib/url.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { formValidator } from '../../../lib/validation.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';

/** Second step of sign-in when two-factor is on: the code from the authenticator app. */
export default function LoginCodePage() {
  const { t } = useTranslation(['common', 'validation']);
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const message = useErrorMessage();
  const form = useForm({
    initialValues: { code: '' },
    validate: formValidator(codeForm, (key, v) => t(key, v)),
  });
  const [error, setError] = useState<unknown>(null);
  // Set once the code is taken, so the page does not send the user back while the app opens.
  const [confirmed, setConfirmed] = useState(false);

  // The first step lives in memory; after a reload the user starts again.
  if (!hasPendingTotp() && !form.submitting && !confirmed) {
    return <Navigate to={`${paths.login}${params.size ? `?${params}` : ''}`} replace />;
  }

  async function submit({ code }: typeof form.values) {
    setError(null);
    try {
      await confirmTotpSignIn(code.trim());
      setConfirmed(true);
      markSignedIn(next);
    } catch (err) {
      setError(err);
    }
  }

  return (
    <AuthCard title={t('auth.loginCode.title')} subtitle={t('auth.loginCode.subtitle')}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
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
            {...form.getInputProps('code')}
            onChange={(e) => form.setFieldValue('code', e.currentTarget.value.replace(/\D/g, ''))}
            required
            autoFocus
          />
          <Button type="submit" loading={form.submitting || confirmed} fullWidth>
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

import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { resetPasswordForm } from '@tandem/shared/user/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { paths } from '../../../config/paths.ts';
import { resetPassword } from '../../../lib/auth/cognito.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { formValidator, newPasswordHint } from '../../../lib/validation.ts';
import { FormAlert } from './form-alert.tsx';

/** New password twice (and the code, when it did not come in the link). */
export function ResetPasswordForm({ email, code: codeFromLink }: { email: string; code?: string }) {
  const { t } = useTranslation(['common', 'validation']);
  const navigate = useNavigate();
  const message = useErrorMessage();
  const form = useForm({
    initialValues: { code: codeFromLink ?? '', password1: '', password2: '' },
    validate: formValidator(resetPasswordForm, (key, v) => t(key, v)),
  });
  const [error, setError] = useState<unknown>(null);

  async function submit({ code, password1 }: typeof form.values) {
    setError(null);
    try {
      await resetPassword(email, code, password1);
      notifySuccess(t('auth.reset.done'));
      navigate(`${paths.login}?email=${encodeURIComponent(email)}`, { replace: true });
    } catch (err) {
      setError(err);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        {error !== null && (
          <FormAlert>
            <Text size="sm">{message(error)}</Text>
          </FormAlert>
        )}
        {codeFromLink === undefined && (
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
        )}
        {codeFromLink !== undefined && form.errors.code && <FormAlert>{t('auth.reset.badLink')}</FormAlert>}
        <PasswordField
          label={t('fields.newPassword')}
          description={newPasswordHint((key, v) => t(key, { ...v }))}
          autoComplete="new-password"
          {...form.getInputProps('password1')}
          required
          autoFocus={codeFromLink !== undefined}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          {...form.getInputProps('password2')}
          required
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          {t('auth.reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}

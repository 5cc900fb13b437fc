import { Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { paths } from '../../../config/paths.ts';
import { resetPassword } from '../../../lib/auth/cognito.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { isSixDigitCode, newPasswordErrors, newPasswordHint } from '../../../lib/validation.ts';
import { FormAlert } from './form-alert.tsx';

/** New password twice (and the code, when it did not come in the link). */
export function ResetPasswordForm({ email, code: codeFromLink }: { email: string; code?: string }) {
  const { t } = useTranslation(['common', 'validation']);
  const navigate = useNavigate();
  const message = useErrorMessage();
  const [code, setCode] = useState(codeFromLink ?? '');
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password1?: string; password2?: string }>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs = {
      code: !isSixDigitCode(code) ? t('validation:code') : undefined,
      ...newPasswordErrors(password1, password2, (key, v) => t(key, { ...v })),
    };
    setErrors(errs);
    if (Object.values(errs).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      await resetPassword(email, code, password1);
      notifySuccess(t('auth.reset.done'));
      navigate(`${paths.login}?email=${encodeURIComponent(email)}`, { replace: true });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
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
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
            error={errors.code}
            required
            autoFocus
          />
        )}
        {codeFromLink !== undefined && errors.code && <FormAlert>{t('auth.reset.badLink')}</FormAlert>}
        <PasswordField
          label={t('fields.newPassword')}
          description={newPasswordHint((key, v) => t(key, { ...v }))}
          autoComplete="new-password"
          value={password1}
          onChange={(e) => setPassword1(e.currentTarget.value)}
          error={errors.password1}
          required
          autoFocus={codeFromLink !== undefined}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          value={password2}
          onChange={(e) => setPassword2(e.currentTarget.value)}
          error={errors.password2}
          required
        />
        <Button type="submit" loading={busy} fullWidth>
          {t('auth.reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}

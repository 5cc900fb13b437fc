import { Button, Group, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field.tsx';
import { changePassword } from '../../../lib/auth/cognito.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { newPasswordErrors, newPasswordHint } from '../../../lib/validation.ts';

type Field = 'current' | 'password1' | 'password2';

export function ChangePasswordForm() {
  const { t } = useTranslation(['common', 'validation']);
  const message = useErrorMessage();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', password1: '', password2: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (f: Field) => (e: { currentTarget: { value: string } }) => {
    // Read now: React clears currentTarget before a state updater runs.
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [f]: value }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const required = t('validation:required');
    const errs: Partial<Record<Field, string>> = {
      current: values.current ? undefined : required,
      ...newPasswordErrors(values.password1, values.password2, (key, v) => t(key, { ...v })),
    };
    setErrors(errs);
    if (Object.values(errs).some(Boolean)) return;
    setBusy(true);
    try {
      await changePassword(values.current, values.password1);
      setValues({ current: '', password1: '', password2: '' });
      notifySuccess(t('settings.security.passwordChanged'));
    } catch (err) {
      notifyError(t('settings.security.passwordFailed'), message(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('settings.security.changePassword')}
        </Title>
        <PasswordField
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          value={values.current}
          onChange={set('current')}
          error={errors.current}
          required
        />
        <PasswordField
          label={t('fields.newPassword')}
          description={newPasswordHint((key, v) => t(key, { ...v }))}
          autoComplete="new-password"
          value={values.password1}
          onChange={set('password1')}
          error={errors.password1}
          required
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          value={values.password2}
          onChange={set('password2')}
          error={errors.password2}
          required
        />
        <Group>
          <Button type="submit" loading={busy}>
            {t('settings.security.changePasswordSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

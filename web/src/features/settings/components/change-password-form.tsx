import { Button, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordForm } from '@tandem/shared/user/forms';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field.tsx';
import { changePassword } from '../../../lib/auth/cognito.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { formValidator, newPasswordHint } from '../../../lib/validation.ts';
import { useUnsavedChanges } from './unsaved-changes.tsx';

export function ChangePasswordForm() {
  const { t } = useTranslation(['common', 'validation']);
  const message = useErrorMessage();
  const form = useForm({
    initialValues: { current: '', password1: '', password2: '' },
    validate: formValidator(changePasswordForm, (key, v) => t(key, v)),
  });
  useUnsavedChanges(form.isDirty());

  async function submit({ current, password1 }: typeof form.values) {
    try {
      await changePassword(current, password1);
      form.reset();
      notifySuccess(t('settings.security.passwordChanged'));
    } catch (err) {
      notifyError(t('settings.security.passwordFailed'), message(err));
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('settings.security.changePassword')}
        </Title>
        <PasswordField
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          {...form.getInputProps('current')}
          required
        />
        <PasswordField
          label={t('fields.newPassword')}
          description={newPasswordHint((key, v) => t(key, { ...v }))}
          autoComplete="new-password"
          {...form.getInputProps('password1')}
          required
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          {...form.getInputProps('password2')}
          required
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {t('settings.security.changePasswordSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Alert, Button, Group, PinInput, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TEXT_LIMITS } from '@tandem/shared/api/limits';
import type { UpdateAuthUserInput } from '@tandem/shared/user/config';
import { codeForm, profileForm } from '@tandem/shared/user/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type AuthUser, useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { formValidator } from '../../../lib/validation.ts';
import { updateAuthUser } from '../api/update-auth-user.ts';
import { verifyEmailChange } from '../api/verify-email-change.ts';
import { AvatarField } from './avatar-field.tsx';
import { SubscriptionCard } from './subscription-card.tsx';
import { useUnsavedChanges } from './unsaved-changes.tsx';

export function ProfileTab() {
  const { t } = useTranslation(['common', 'validation']);
  const { data: user, error } = useAuthUser();
  return (
    <Stack gap="xl" maw={560}>
      <AvatarField />
      {error && !user ? (
        <Alert color="red">{errorText(error, t('errors.generic'))}</Alert>
      ) : user ? (
        <>
          <ProfileForm
            key={`${user.firstName}\n${user.lastName}\n${user.email}\n${user.pendingEmail}`}
            user={user}
          />
          {user.pendingEmail && (
            <EmailCodeForm key={user.pendingEmail} user={user} pending={user.pendingEmail} />
          )}
        </>
      ) : (
        <Skeleton height={200} />
      )}
      <SubscriptionCard />
    </Stack>
  );
}

/** Names and the sign-in address. */
function ProfileForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation(['common', 'validation']);
  const form = useForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.pendingEmail ?? user.email,
    },
    validate: formValidator(profileForm, (key, v) => t(key, v)),
  });
  useUnsavedChanges(form.isDirty());

  async function submit(values: typeof form.values) {
    const email = values.email.trim().toLowerCase();
    const patch: UpdateAuthUserInput = {};
    if (values.firstName.trim() !== user.firstName) patch.firstName = values.firstName.trim();
    if (values.lastName.trim() !== user.lastName) patch.lastName = values.lastName.trim();
    if (email !== (user.pendingEmail ?? user.email)) patch.email = email;
    if (Object.keys(patch).length === 0) {
      notifySuccess(t('settings.noChanges'));
      return;
    }
    try {
      const saved = await updateAuthUser(patch);
      notifySuccess(
        patch.email && saved.pendingEmail
          ? t('settings.emailChange.sent', { pending: saved.pendingEmail })
          : t('settings.saved'),
      );
    } catch (err) {
      if (err instanceof ApiError) {
        form.setErrors({
          firstName: err.errors.firstName,
          lastName: err.errors.lastName,
          email: err.errors.email ?? (err.status === 409 ? err.message : undefined),
        });
      }
      notifyError(t('settings.saveFailed'), errorText(err, t('errors.generic')));
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            {...form.getInputProps('firstName')}
            maxLength={TEXT_LIMITS.personName}
            required
          />
          <TextInput
            label={t('fields.lastName')}
            autoComplete="family-name"
            {...form.getInputProps('lastName')}
            maxLength={TEXT_LIMITS.personName}
            required
          />
        </SimpleGrid>
        <TextInput
          label={t('fields.email')}
          description={t('settings.emailChange.help')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
          required
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The step that proves a new address: the code mailed to it, or going back to the current one. */
function EmailCodeForm({ user, pending }: { user: AuthUser; pending: string }) {
  const { t } = useTranslation(['common', 'validation']);
  const form = useForm({
    initialValues: { code: '' },
    validate: formValidator(codeForm, (key, v) => t(key, v)),
  });
  const [keeping, setKeeping] = useState(false);
  useUnsavedChanges(form.isDirty());

  async function confirm({ code }: typeof form.values) {
    try {
      const saved = await verifyEmailChange(code);
      notifySuccess(t('settings.emailChange.done', { email: saved.email }));
    } catch (err) {
      form.setErrors({ code: err instanceof ApiError ? (err.errors.code ?? err.message) : undefined });
      notifyError(t('settings.emailChange.failed'), errorText(err, t('errors.generic')));
    }
  }

  async function keep() {
    setKeeping(true);
    try {
      await updateAuthUser({ email: user.email });
      notifySuccess(t('settings.emailChange.kept', { email: user.email }));
    } catch (err) {
      notifyError(t('settings.emailChange.failed'), errorText(err, t('errors.generic')));
      setKeeping(false);
    }
  }

  const error = form.errors.code;
  return (
    <form onSubmit={form.onSubmit(confirm)} noValidate aria-label={t('settings.emailChange.confirm')}>
      <Alert color="blue">
        <Stack gap="sm">
          <Text size="sm">{t('settings.emailChange.pending', { pending, email: user.email })}</Text>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="email-change-code">
              {t('settings.emailChange.code')}
            </Text>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              {...form.getInputProps('code')}
              error={!!error}
              aria-labelledby="email-change-code"
            />
            {error && (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            )}
          </Stack>
          <Group>
            <Button type="submit" loading={form.submitting} disabled={keeping}>
              {t('settings.emailChange.confirm')}
            </Button>
            <Button variant="subtle" onClick={keep} loading={keeping} disabled={form.submitting}>
              {t('settings.emailChange.keep', { email: user.email })}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </form>
  );
}

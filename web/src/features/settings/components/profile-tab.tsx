import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '@tandem/shared/api/limits';
import type { UpdateAuthUserInput } from '@tandem/shared/user/config';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type AuthUser, useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { updateAuthUser } from '../api/update-auth-user.ts';
import { SubscriptionCard } from './subscription-card.tsx';

export function ProfileTab() {
  const { t } = useTranslation(['common', 'validation']);
  const { data: user, error } = useAuthUser();
  return (
    <Stack gap="xl" maw={560}>
      {error && !user ? (
        <Alert color="red">{errorText(error, t('errors.generic'))}</Alert>
      ) : user ? (
        <ProfileForm key={`${user.firstName}\n${user.lastName}`} user={user} />
      ) : (
        <Skeleton height={200} />
      )}
      <SubscriptionCard />
    </Stack>
  );
}

type Field = 'firstName' | 'lastName';

function ProfileForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation(['common', 'validation']);
  const [values, setValues] = useState({ firstName: user.firstName, lastName: user.lastName });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs: Partial<Record<Field, string>> = {};
    for (const f of ['firstName', 'lastName'] as const)
      if (!values[f].trim()) errs[f] = t('validation:required');
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    const patch: UpdateAuthUserInput = {};
    if (values.firstName.trim() !== user.firstName) patch.firstName = values.firstName.trim();
    if (values.lastName.trim() !== user.lastName) patch.lastName = values.lastName.trim();
    if (Object.keys(patch).length === 0) {
      notifySuccess(t('settings.noChanges'));
      return;
    }
    setBusy(true);
    try {
      await updateAuthUser(patch);
      notifySuccess(t('settings.saved'));
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors({ firstName: err.errors.firstName, lastName: err.errors.lastName });
      }
      notifyError(t('settings.saveFailed'), errorText(err, t('errors.generic')));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            value={values.firstName}
            onChange={(e) => {
              const firstName = e.currentTarget.value;
              setValues((v) => ({ ...v, firstName }));
            }}
            error={errors.firstName}
            maxLength={TEXT_LIMITS.personName}
            required
          />
          <TextInput
            label={t('fields.lastName')}
            autoComplete="family-name"
            value={values.lastName}
            onChange={(e) => {
              const lastName = e.currentTarget.value;
              setValues((v) => ({ ...v, lastName }));
            }}
            error={errors.lastName}
            maxLength={TEXT_LIMITS.personName}
            required
          />
        </SimpleGrid>
        <TextInput label={t('fields.email')} value={user.email} readOnly variant="filled" />
        <Group>
          <Button type="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

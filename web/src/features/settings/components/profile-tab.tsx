import { Alert, Button, Group, PinInput, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '@tandem/shared/api/limits';
import type { UpdateAuthUserInput } from '@tandem/shared/user/config';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type AuthUser, useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { isEmail } from '../../../lib/validation.ts';
import { updateAuthUser } from '../api/update-auth-user.ts';
import { verifyEmailChange } from '../api/verify-email-change.ts';
import { AvatarField } from './avatar-field.tsx';
import { SubscriptionCard } from './subscription-card.tsx';

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

type Field = 'firstName' | 'lastName' | 'email';

function ProfileForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation(['common', 'validation']);
  const [values, setValues] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.pendingEmail ?? user.email,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs: Partial<Record<Field, string>> = {};
    for (const f of ['firstName', 'lastName'] as const)
      if (!values[f].trim()) errs[f] = t('validation:required');
    const email = values.email.trim().toLowerCase();
    if (!email) errs.email = t('validation:required');
    else if (!isEmail(email)) errs.email = t('validation:email');
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    const patch: UpdateAuthUserInput = {};
    if (values.firstName.trim() !== user.firstName) patch.firstName = values.firstName.trim();
    if (values.lastName.trim() !== user.lastName) patch.lastName = values.lastName.trim();
    if (email !== (user.pendingEmail ?? user.email)) patch.email = email;
    if (Object.keys(patch).length === 0) {
      notifySuccess(t('settings.noChanges'));
      return;
    }
    setBusy(true);
    try {
      const saved = await updateAuthUser(patch);
      notifySuccess(
        patch.email && saved.pendingEmail
          ? t('settings.emailChange.sent', { pending: saved.pendingEmail })
          : t('settings.saved'),
      );
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors({
          firstName: err.errors.firstName,
          lastName: err.errors.lastName,
          email: err.errors.email ?? (err.status === 409 ? err.message : undefined),
        });
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
        <TextInput
          label={t('fields.email')}
          description={t('settings.emailChange.help')}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => {
            const email = e.currentTarget.value;
            setValues((v) => ({ ...v, email }));
          }}
          error={errors.email}
          required
        />
        <Group>
          <Button type="submit" loading={busy}>
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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'confirm' | 'keep' | null>(null);

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(t('validation:code'));
      return;
    }
    setBusy('confirm');
    try {
      const saved = await verifyEmailChange(code);
      notifySuccess(t('settings.emailChange.done', { email: saved.email }));
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors.code ?? err.message) : undefined);
      notifyError(t('settings.emailChange.failed'), errorText(err, t('errors.generic')));
      setBusy(null);
    }
  }

  async function keep() {
    setBusy('keep');
    try {
      await updateAuthUser({ email: user.email });
      notifySuccess(t('settings.emailChange.kept', { email: user.email }));
    } catch (err) {
      notifyError(t('settings.emailChange.failed'), errorText(err, t('errors.generic')));
      setBusy(null);
    }
  }

  return (
    <form onSubmit={confirm} noValidate aria-label={t('settings.emailChange.confirm')}>
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
              value={code}
              onChange={(v) => {
                setCode(v);
                setError(undefined);
              }}
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
            <Button type="submit" loading={busy === 'confirm'} disabled={busy === 'keep'}>
              {t('settings.emailChange.confirm')}
            </Button>
            <Button variant="subtle" onClick={keep} loading={busy === 'keep'} disabled={busy === 'confirm'}>
              {t('settings.emailChange.keep', { email: user.email })}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </form>
  );
}

import { Badge, Button, Code, Group, Loader, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { codeForm } from '@tandem/shared/user/forms';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { disableTotp, finishTotpSetup, isTotpEnabled, startTotpSetup } from '../../../lib/auth/cognito.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { formValidator } from '../../../lib/validation.ts';

const TotpQrCode = lazy(() => import('./totp-qr-code.tsx'));

export const totpKey = ['totp-enabled'] as const;

/** The key URI authenticator apps read: otpauth://totp/Tandem:<email>?secret=…&issuer=Tandem */
export const otpauthUri = (email: string, secret: string): string =>
  `otpauth://totp/Tandem:${encodeURIComponent(email)}?secret=${encodeURIComponent(secret)}&issuer=Tandem`;

export function TwoFactorSection() {
  const { t } = useTranslation(['common', 'validation']);
  const message = useErrorMessage();
  const { data: enabled, error, mutate } = useSWR(totpKey, isTotpEnabled);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function begin() {
    setBusy(true);
    try {
      setSecret(await startTotpSetup());
    } catch (err) {
      notifyError(t('settings.security.twoFactorFailed'), message(err));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      await disableTotp();
      await mutate(false, { revalidate: false });
      notifySuccess(t('settings.security.twoFactorOff'));
    } catch (err) {
      notifyError(t('settings.security.twoFactorFailed'), message(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={2} fz="h4">
          {t('settings.security.twoFactor')}
        </Title>
        {enabled !== undefined && (
          <Badge color={enabled ? 'teal' : 'gray'} variant="light">
            {enabled ? t('settings.security.on') : t('settings.security.off')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('settings.security.twoFactorHelp')}
      </Text>
      {error && enabled === undefined ? (
        <Text size="sm" c="red">
          {message(error)}
        </Text>
      ) : enabled === undefined ? (
        <Skeleton height={36} width={200} />
      ) : enabled ? (
        <Group>
          <Button color="red" variant="light" loading={busy} onClick={turnOff}>
            {t('settings.security.turnOff')}
          </Button>
        </Group>
      ) : secret ? (
        <TotpSetup
          secret={secret}
          onDone={async () => {
            setSecret(null);
            await mutate(true, { revalidate: false });
          }}
          onCancel={() => setSecret(null)}
        />
      ) : (
        <Group>
          <Button loading={busy} onClick={begin}>
            {t('settings.security.setUp')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function TotpSetup({
  secret,
  onDone,
  onCancel,
}: {
  secret: string;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['common', 'validation']);
  const message = useErrorMessage();
  const { data: user } = useAuthUser();
  const form = useForm({
    initialValues: { code: '' },
    validate: formValidator(codeForm, (key, v) => t(key, v)),
  });
  const uri = otpauthUri(user?.email ?? '', secret);

  async function submit({ code }: typeof form.values) {
    try {
      await finishTotpSetup(code);
      notifySuccess(t('settings.security.twoFactorOn'));
      await onDone();
    } catch (err) {
      form.setErrors({ code: message(err) });
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('settings.security.scan')}</Text>
        <Suspense fallback={<Loader size="sm" />}>
          <TotpQrCode uri={uri} label={t('settings.security.qrLabel')} />
        </Suspense>
        <Stack gap={4}>
          <Text size="sm">{t('settings.security.orEnter')}</Text>
          <Code data-testid="totp-secret" fz="sm" style={{ wordBreak: 'break-all', width: 'fit-content' }}>
            {secret}
          </Code>
        </Stack>
        <TextInput
          label={t('fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.getInputProps('code')}
          onChange={(e) => form.setFieldValue('code', e.currentTarget.value.replace(/\D/g, ''))}
          maw={200}
          required
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {t('settings.security.verify')}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={form.submitting}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

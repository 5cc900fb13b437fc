import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { paths, verifyEmailPath } from '../../../config/paths.ts';
import { AuthError } from '../../../lib/auth/auth-error.ts';
import { signIn } from '../../../lib/auth/cognito.ts';
import { markSignedIn } from '../../../lib/auth/session.ts';
import { safeNextPath } from '../../../lib/url.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { isEmail } from '../../../lib/validation.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { SocialButtons } from '../components/social-buttons.tsx';

export default function LoginPage() {
  const { t } = useTranslation(['common', 'validation']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const message = useErrorMessage();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs = {
      email: !email.trim() ? t('validation:required') : !isEmail(email) ? t('validation:email') : undefined,
      password: !password ? t('validation:required') : undefined,
    };
    setFieldErrors(errs);
    if (errs.email || errs.password) return;
    setBusy(true);
    setError(null);
    try {
      const result = await signIn(email, password);
      if (result.status === 'totp') {
        navigate(`${paths.loginCode}${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`);
        return;
      }
      markSignedIn(next);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  const notConfirmed = error instanceof AuthError && error.key === 'notConfirmed';

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={
        <>
          {t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to={paths.signup} size="sm">
            {t('auth.login.createOne')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error !== null && (
            <FormAlert>
              <Text size="sm">{message(error)}</Text>
              {notConfirmed && (
                <Anchor component={Link} to={verifyEmailPath(email.trim().toLowerCase())} size="sm" fw={500}>
                  {t('auth.login.goVerify')}
                </Anchor>
              )}
            </FormAlert>
          )}
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldErrors.email}
            required
            autoFocus
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
            required
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} fullWidth>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
      <SocialButtons next={next} />
    </AuthCard>
  );
}

import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { signInForm } from '@tandem/shared/user/forms';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { watchPageHtml } from '../../../app/sign-in-page/typed-fields.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { paths, verifyEmailPath } from '../../../config/paths.ts';
import { AuthError } from '../../../lib/auth/auth-error.ts';
import { markSignedIn } from '../../../lib/auth/session.ts';
import { safeNextPath } from '../../../lib/url.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { formValidator } from '../../../lib/validation.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { SocialButtons } from '../components/social-buttons.tsx';

export default function LoginPage() {
  const { t } = useTranslation(['common', 'validation']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const message = useErrorMessage();
  const form = useForm({
    initialValues: { email: params.get('email') ?? '', password: '' },
    validate: formValidator(signInForm, (key, v) => t(key, v)),
  });
  const [error, setError] = useState<unknown>(null);
  const email = form.values.email;

  async function submit({ email, password }: typeof form.values) {
    setError(null);
    try {
      // Cognito's library loads on the first submit, so the page shows without it.
      const { signIn } = await import('../../../lib/auth/cognito.ts');
      const result = await signIn(email, password);
      if (result.status === 'totp') {
        navigate(`${paths.loginCode}${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`);
        return;
      }
      markSignedIn(next);
    } catch (err) {
      setError(err);
    }
  }

  // What was typed into the page's HTML while the app started (D97) is kept, the field the person was
  // in keeps the focus, and a sign-in asked for then goes ahead.
  const [pageHtml] = useState(watchPageHtml);
  const [submitTyped, setSubmitTyped] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page first draws
  useLayoutEffect(() => {
    const typed = pageHtml?.take();
    if (!typed) return;
    form.setValues({ ...form.getValues(), ...typed.values });
    if (typed.focused)
      document.querySelector<HTMLInputElement>(`#root input[name="${typed.focused}"]`)?.focus();
    setSubmitTyped(typed.submitted);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values set above are in the form now
  useEffect(() => {
    if (submitTyped) form.onSubmit(submit)();
  }, [submitTyped]);

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
      <form onSubmit={form.onSubmit(submit)} noValidate>
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
            name="email"
            autoComplete="email"
            {...form.getInputProps('email')}
            required
            autoFocus
          />
          <PasswordField
            label={t('fields.password')}
            name="password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
            required
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
      <SocialButtons next={next} />
    </AuthCard>
  );
}

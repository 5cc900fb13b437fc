import { Anchor, Button, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TEXT_LIMITS } from '@tandem/shared/api/limits';
import { USER_TYPES } from '@tandem/shared/user/config';
import { signUpForm } from '@tandem/shared/user/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { paths, verifyEmailPath } from '../../../config/paths.ts';
import { signUp } from '../../../lib/auth/cognito.ts';
import { browserZone } from '../../../lib/time/zone.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { formValidator, newPasswordHint } from '../../../lib/validation.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';

export default function SignupPage() {
  const { t } = useTranslation(['common', 'validation']);
  const navigate = useNavigate();
  const message = useErrorMessage();
  // An invitation accepted before sign-up links here with the invited address.
  const [params] = useSearchParams();
  const form = useForm({
    initialValues: {
      email: params.get('email') ?? '',
      password1: '',
      password2: '',
      firstName: '',
      lastName: '',
      userType: '',
    },
    validate: formValidator(signUpForm, (key, v) => t(key, v)),
  });
  const [error, setError] = useState<unknown>(null);

  async function submit(values: typeof form.values) {
    setError(null);
    try {
      const email = values.email.trim().toLowerCase();
      const { confirmed } = await signUp({
        email,
        password: values.password1,
        firstName: values.firstName,
        lastName: values.lastName,
        userType: values.userType,
        timezone: browserZone(),
      });
      navigate(confirmed ? `${paths.login}?email=${encodeURIComponent(email)}` : verifyEmailPath(email));
    } catch (err) {
      setError(err);
    }
  }

  return (
    <AuthCard
      title={t('auth.signup.title')}
      subtitle={
        <>
          {t('auth.signup.haveAccount')}{' '}
          <Anchor component={Link} to={paths.login} size="sm">
            {t('auth.signup.signIn')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {error !== null && (
            <FormAlert>
              <Text size="sm">{message(error)}</Text>
            </FormAlert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('fields.firstName')}
              autoComplete="given-name"
              {...form.getInputProps('firstName')}
              maxLength={TEXT_LIMITS.personName}
              required
              autoFocus
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
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
            required
          />
          <NativeSelect
            label={t('fields.userType')}
            {...form.getInputProps('userType')}
            required
            data={[
              { value: '', label: t('auth.signup.chooseUserType'), disabled: true },
              ...USER_TYPES.map((type) => ({ value: type, label: t(`userTypes.${type}`) })),
            ]}
          />
          <PasswordField
            label={t('fields.password')}
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
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('auth.signup.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

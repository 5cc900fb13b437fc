import { Anchor, Button, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '@tandem/shared/api/limits';
import { USER_TYPES, type UserType } from '@tandem/shared/user/config';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { paths, verifyEmailPath } from '../../../config/paths.ts';
import { signUp } from '../../../lib/auth/cognito.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { isEmail, newPasswordErrors, newPasswordHint } from '../../../lib/validation.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';

type Field = 'email' | 'password1' | 'password2' | 'firstName' | 'lastName' | 'userType';

const browserTimezone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export default function SignupPage() {
  const { t } = useTranslation(['common', 'validation']);
  const navigate = useNavigate();
  const message = useErrorMessage();
  // An invitation accepted before sign-up links here with the invited address.
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({
    email: params.get('email') ?? '',
    password1: '',
    password2: '',
    firstName: '',
    lastName: '',
    userType: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (e: { currentTarget: { value: string } }) => {
    // Read now: React clears currentTarget before a state updater runs.
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  function validate(): Partial<Record<Field, string>> {
    const required = t('validation:required');
    return {
      email: !values.email.trim() ? required : !isEmail(values.email) ? t('validation:email') : undefined,
      ...newPasswordErrors(values.password1, values.password2, (key, v) => t(key, { ...v })),
      firstName: !values.firstName.trim() ? required : undefined,
      lastName: !values.lastName.trim() ? required : undefined,
      userType: !USER_TYPES.includes(values.userType as UserType) ? t('validation:chooseOne') : undefined,
    };
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs = validate();
    setErrors(errs);
    if (Object.values(errs).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      const email = values.email.trim().toLowerCase();
      const { confirmed } = await signUp({
        email,
        password: values.password1,
        firstName: values.firstName,
        lastName: values.lastName,
        userType: values.userType,
        timezone: browserTimezone(),
      });
      navigate(confirmed ? `${paths.login}?email=${encodeURIComponent(email)}` : verifyEmailPath(email));
    } catch (err) {
      setError(err);
      setBusy(false);
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
      <form onSubmit={submit} noValidate>
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
              value={values.firstName}
              onChange={set('firstName')}
              error={errors.firstName}
              maxLength={TEXT_LIMITS.personName}
              required
              autoFocus
            />
            <TextInput
              label={t('fields.lastName')}
              autoComplete="family-name"
              value={values.lastName}
              onChange={set('lastName')}
              error={errors.lastName}
              maxLength={TEXT_LIMITS.personName}
              required
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            required
          />
          <NativeSelect
            label={t('fields.userType')}
            value={values.userType}
            onChange={set('userType')}
            error={errors.userType}
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
          <Button type="submit" loading={busy} fullWidth>
            {t('auth.signup.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { decodeUid } from '../../../lib/auth/uid.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

/** The link from the reset e-mail: /password-reset/{uid}/{token}, uid = e-mail in base64url, token = code. */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const { uid = '', token = '' } = useParams();
  const email = decodeUid(uid);

  if (!email) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Stack gap="md">
          <FormAlert>{t('auth.reset.badLink')}</FormAlert>
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            {t('auth.reset.askAgain')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('auth.reset.title')}
      subtitle={
        <Text span size="sm">
          {t('auth.reset.subtitle', { email })}
        </Text>
      }
    >
      <ResetPasswordForm email={email} code={token} />
    </AuthCard>
  );
}

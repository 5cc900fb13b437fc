import { useTranslation } from 'react-i18next';
import { ApiError } from './api-error.ts';
import { AuthError } from './auth/auth-error.ts';

/**
 * What the user reads for a failure: our sentence for a Cognito error, the server's
 * fallback_message for an API error (spec 001 §8), otherwise the error's own message.
 */
export function useErrorMessage(): (err: unknown) => string {
  const { t } = useTranslation();
  return (err) => {
    if (err instanceof AuthError) {
      const text = t(`auth.errors.${err.key}`);
      return err.key === 'passwordPolicy' && err.detail ? `${text} ${err.detail}` : text;
    }
    if (err instanceof ApiError) return err.fallbackMessage || t('errors.generic');
    if (err instanceof Error && err.message) return err.message;
    return t('errors.generic');
  };
}

import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * PasswordInput whose show/hide button is named without the word "password", so the field is the
 * only thing its label finds.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('fields.toggleVisibility') }} {...props} />
  );
}

import { Divider, Stack } from '@mantine/core';
import { ChangePasswordForm } from './change-password-form.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

export function SecurityTab() {
  return (
    <Stack gap="xl" maw={560}>
      <ChangePasswordForm />
      <Divider />
      <TwoFactorSection />
    </Stack>
  );
}

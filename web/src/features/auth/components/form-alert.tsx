import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The error of a whole form, announced to screen readers. */
export function FormAlert({ children, color = 'red' }: { children: ReactNode; color?: string }) {
  return (
    <Alert color={color} variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {children}
    </Alert>
  );
}

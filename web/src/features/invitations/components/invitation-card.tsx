import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the invitation pages, inside the public layout. */
export function InvitationCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="xs">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

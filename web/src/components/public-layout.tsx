import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Logo } from './logo.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** Signed-out pages (spec 001 §2 header: the logo and a theme toggle) with a centred column. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <Box
        component="header"
        h={56}
        px="md"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo />
          <ThemeToggle />
        </Group>
      </Box>
      <Container component="main" size={440} px="md" py={{ base: 'lg', sm: 48 }}>
        {children ?? <Outlet />}
      </Container>
    </Box>
  );
}

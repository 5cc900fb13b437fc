import {
  Avatar,
  Box,
  Burger,
  Button,
  Group,
  Skeleton,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { paths } from '../../config/paths.ts';
import { signOut } from '../../lib/auth/session.ts';
import { useFirstContentShown } from '../../lib/first-content.ts';
import { useAuthUser } from '../../lib/user/get-auth-user.ts';
import { useUserConfig } from '../../lib/user/get-user-config.ts';
import './app-header.css';

// The filter brings the group icon set; it loads once the page's first content shows, not before it.
const GroupFilter = lazy(() => import('./group-filter.tsx'));

export const initialsOf = (first = '', last = '', email = ''): string =>
  ((first[0] ?? '') + (last[0] ?? '')).toUpperCase() || (email[0] ?? '?').toUpperCase();

export function AppHeader({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { t } = useTranslation();
  const { data: user, isLoading } = useAuthUser();
  const { data: config } = useUserConfig();
  const [signingOut, setSigningOut] = useState(false);
  const afterFirstContent = useFirstContentShown();
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : '';

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ flex: '0 0 auto' }}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="md"
          size="sm"
          aria-label={navOpened ? t('nav.close') : t('nav.open')}
        />
        <Logo />
      </Group>
      {user && (
        <Box style={{ flex: 1, minWidth: 0, display: 'flex', justifyContent: 'flex-end' }}>
          {afterFirstContent && (
            <Suspense fallback={null}>
              <GroupFilter />
            </Suspense>
          )}
        </Box>
      )}
      <Group gap="sm" wrap="nowrap" style={{ flex: '0 0 auto' }}>
        <ThemeToggle />
        {isLoading ? (
          <Skeleton height={32} width={120} radius="xl" />
        ) : (
          user && (
            // Named by what it shows (the name, then "settings" for screen readers), not by an
            // aria-label that leaves out the visible initials (WCAG 2.5.3, label in name).
            <UnstyledButton component={Link} to={paths.settings}>
              <Group gap={8} wrap="nowrap">
                <Avatar
                  size={32}
                  radius="xl"
                  color="blue"
                  src={config?.avatar?.thumbnailUrl ?? null}
                  data-testid="header-avatar"
                  aria-hidden
                >
                  {initialsOf(user.firstName, user.lastName, user.email)}
                </Avatar>
                <Text size="sm" fw={500} className="tandem-header-name" data-testid="header-user-name">
                  {name}
                </Text>
                <VisuallyHidden>{t('header.settingsSuffix')}</VisuallyHidden>
              </Group>
            </UnstyledButton>
          )
        )}
        <Button
          variant="subtle"
          color="gray"
          aria-label={t('auth.signOut')}
          loading={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOut();
          }}
          px={8}
        >
          <IconLogout size={18} />
          <Text span size="sm" ml={6} visibleFrom="sm">
            {t('auth.signOut')}
          </Text>
        </Button>
      </Group>
    </Group>
  );
}

import { Box, NavLink } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { agendasAllowed } from '../../config/allow-list.ts';
import { paths } from '../../config/paths.ts';
import { appState } from '../../lib/app-state.ts';
import { useFirstContentShown } from '../../lib/first-content.ts';
import { useUserConfig } from '../../lib/user/get-user-config.ts';
import { type NavItem, navItems } from './nav-items.ts';

// The unread dots (chats, notifications) arrive after the page's first content: the first screen does
// not wait for their code or their reads (issue 10's Today budget).
const ChatUnreadDot = lazy(() =>
  import('../../features/chat/components/chat-unread-dot.tsx').then((m) => ({ default: m.ChatUnreadDot })),
);
const UnreadDot = lazy(() =>
  import('../../features/notifications/components/unread-dot.tsx').then((m) => ({ default: m.UnreadDot })),
);
function AfterFirstContent({ children }: { children: ReactNode }) {
  return useFirstContentShown() ? <Suspense fallback={null}>{children}</Suspense> : null;
}

const isActive = (item: NavItem, pathname: string): boolean =>
  item.to === paths.today ? pathname === '/' : pathname === item.to || pathname.startsWith(`${item.to}/`);

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: config } = useUserConfig();
  const items = navItems.filter((i) => !i.allowListOnly || agendasAllowed(config));

  return (
    <Box component="nav" p="xs" aria-label={t('nav.label')} style={{ overflowY: 'auto', flex: 1 }}>
      {items.map((item) => {
        const Icon = item.icon;
        const label = t(`nav.${item.label}`);
        if (item.kind === 'pane') {
          return (
            <NavLink
              key={item.to}
              component="button"
              type="button"
              label={label}
              leftSection={<Icon size={20} stroke={1.6} />}
              rightSection={
                <AfterFirstContent>
                  <UnreadDot />
                </AfterFirstContent>
              }
              onClick={() => {
                appState.set({ notificationsOpen: true });
                onNavigate();
              }}
            />
          );
        }
        return (
          <NavLink
            key={item.to}
            component={RouterNavLink}
            to={item.to}
            end={item.to === paths.today}
            label={label}
            active={isActive(item, pathname)}
            leftSection={<Icon size={20} stroke={1.6} />}
            rightSection={
              item.label === 'chat' ? (
                <AfterFirstContent>
                  <ChatUnreadDot />
                </AfterFirstContent>
              ) : undefined
            }
            onClick={onNavigate}
          />
        );
      })}
    </Box>
  );
}

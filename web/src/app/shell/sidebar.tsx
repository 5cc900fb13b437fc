import { Box, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { isInternalAccount } from '../../config/allow-list.ts';
import { paths } from '../../config/paths.ts';
import { ChatUnreadDot } from '../../features/chat/components/chat-unread-dot.tsx';
import { UnreadDot } from '../../features/notifications/components/unread-dot.tsx';
import { appState } from '../../lib/app-state.ts';
import { useUserConfig } from '../../lib/user/get-user-config.ts';
import { type NavItem, navItems } from './nav-items.ts';

const isActive = (item: NavItem, pathname: string): boolean =>
  item.to === paths.today ? pathname === '/' : pathname === item.to || pathname.startsWith(`${item.to}/`);

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: config } = useUserConfig();
  const items = navItems.filter((i) => !i.allowListOnly || isInternalAccount(config));

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
              rightSection={<UnreadDot />}
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
            rightSection={item.label === 'chat' ? <ChatUnreadDot /> : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Box>
  );
}

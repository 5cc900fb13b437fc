/**
 * The sidebar (spec 001 §2): every entry, in the spec's order. `pane` opens a panel instead of a
 * page; `allowListOnly` entries show only for the internal accounts of the allow-list (config/allow-list.ts).
 */
import {
  IconAddressBook,
  IconBell,
  IconCalendar,
  IconChartBar,
  IconHierarchy,
  IconHome,
  IconInbox,
  IconListCheck,
  IconMessages,
  IconPlugConnected,
  IconPresentation,
  IconRepeat,
  IconSchool,
  IconSettings,
  IconTemplate,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { paths } from '../../config/paths.ts';

export type NavLabelKey =
  | 'today'
  | 'calendar'
  | 'tasks'
  | 'contacts'
  | 'routines'
  | 'planning'
  | 'templates'
  | 'reports'
  | 'integrations'
  | 'requestLinks'
  | 'settings'
  | 'curriculum'
  | 'chat'
  | 'notifications'
  | 'agendas';

export interface NavItem {
  to: string;
  label: NavLabelKey;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  kind: 'page' | 'pane';
  allowListOnly?: boolean;
}

export const navItems: readonly NavItem[] = [
  { to: paths.today, label: 'today', icon: IconHome, kind: 'page' },
  { to: paths.calendar, label: 'calendar', icon: IconCalendar, kind: 'page' },
  { to: paths.tasks, label: 'tasks', icon: IconListCheck, kind: 'page' },
  { to: paths.contacts, label: 'contacts', icon: IconAddressBook, kind: 'page' },
  { to: paths.routines, label: 'routines', icon: IconRepeat, kind: 'page' },
  { to: paths.planning, label: 'planning', icon: IconHierarchy, kind: 'page' },
  { to: paths.templates, label: 'templates', icon: IconTemplate, kind: 'page' },
  { to: paths.reports, label: 'reports', icon: IconChartBar, kind: 'page' },
  { to: paths.integrations, label: 'integrations', icon: IconPlugConnected, kind: 'page' },
  { to: paths.requestLinks, label: 'requestLinks', icon: IconInbox, kind: 'page' },
  { to: paths.settings, label: 'settings', icon: IconSettings, kind: 'page' },
  { to: paths.curriculum, label: 'curriculum', icon: IconSchool, kind: 'page' },
  { to: paths.chat, label: 'chat', icon: IconMessages, kind: 'page' },
  { to: paths.notifications, label: 'notifications', icon: IconBell, kind: 'pane' },
  { to: paths.agendas, label: 'agendas', icon: IconPresentation, kind: 'page', allowListOnly: true },
];

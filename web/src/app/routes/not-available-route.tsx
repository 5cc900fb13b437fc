import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/not-available.tsx';
import type { NavLabelKey } from '../shell/nav-items.ts';

export function NotAvailableRoute({ label }: { label: NavLabelKey }) {
  const { t } = useTranslation();
  return <NotAvailable title={t(`nav.${label}`)} />;
}

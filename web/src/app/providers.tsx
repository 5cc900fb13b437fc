import { createTheme, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SWRConfig } from 'swr';
import i18n from '../i18n/index.ts';
import { ApiError } from '../lib/api-error.ts';
import { AuthError } from '../lib/auth/auth-error-class.ts';
import { errorText, notifyError } from '../lib/notify.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import { Toasts } from './toasts.tsx';
import './notifications.css';

/** A failed load is shown once as a toast (spec 001 §8); a lost session is handled by the router. */
function onLoadError(err: unknown): void {
  if (err instanceof AuthError || (err instanceof ApiError && err.status === 401)) return;
  notifyError(i18n.t('errors.loadFailed'), errorText(err, i18n.t('errors.generic')));
}

/** Client errors (4xx) will not change by asking again; server and network errors may. */
const shouldRetry = (err: unknown): boolean =>
  !(err instanceof AuthError) && !(err instanceof ApiError && err.status >= 400 && err.status < 500);

export function AppProviders({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // A dialog's close button is an icon: it gets its name here, in the person's language, once for all.
  const localTheme = useMemo(() => {
    const closeButtonProps = { 'aria-label': t('dialog.close') };
    return mergeThemeOverrides(
      theme,
      createTheme({
        components: {
          Modal: { defaultProps: { closeButtonProps } },
          Drawer: { defaultProps: { closeButtonProps } },
        },
      }),
    );
  }, [t]);
  return (
    <MantineProvider theme={localTheme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Toasts />
      <SWRConfig
        value={{
          onError: onLoadError,
          shouldRetryOnError: shouldRetry,
          errorRetryCount: 3,
          revalidateOnFocus: false,
        }}
      >
        {children}
      </SWRConfig>
    </MantineProvider>
  );
}

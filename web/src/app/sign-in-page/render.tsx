/**
 * The sign-in page as HTML, made when the site is built (vite.config.ts `signInPageBuild`; decisions
 * D97): the same providers, layout and page the app draws at /login, signed out, with no runtime
 * configuration (so no social buttons; they join when the app starts). The app replaces this markup
 * when it starts, keeping what was typed meanwhile (typed-fields.ts).
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PublicLayout } from '../../components/public-layout.tsx';
import { paths } from '../../config/paths.ts';
import LoginPage from '../../features/auth/routes/login-page.tsx';
import '../../i18n/index.ts';
import { AppProviders } from '../providers.tsx';

export function renderSignInPage(): string {
  return renderToString(
    <AppProviders>
      <MemoryRouter initialEntries={[paths.login]}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path={paths.login} element={<LoginPage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

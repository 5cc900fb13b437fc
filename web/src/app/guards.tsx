/** Route guards (spec 001 §2): app routes need a session; auth routes are for signed-out visitors only. */
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { loginPath } from '../config/paths.ts';
import { useReturnTo, useSessionStatus } from '../lib/auth/session.ts';
import { safeNextPath } from '../lib/url.ts';

export function RequireAuth() {
  const status = useSessionStatus();
  const location = useLocation();
  if (status !== 'signedIn') return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return <Outlet />;
}

export function GuestOnly() {
  const status = useSessionStatus();
  const returnTo = useReturnTo();
  const [params] = useSearchParams();
  if (status === 'signedIn') return <Navigate to={safeNextPath(returnTo ?? params.get('next'))} replace />;
  return <Outlet />;
}

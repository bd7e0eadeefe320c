import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/** Sends signed-out visitors to /login, remembering where they wanted to go. */
export function RequireAuth() {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) {
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search + location.hash }} />;
  }
  return <Outlet />;
}

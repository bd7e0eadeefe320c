import { Navigate, useLocation } from 'react-router';
import { paths, type AppLocationState, type Overlay } from '@/config/paths';

/** /login, /signup and /forgot-password: go to / and open the overlay, keeping message and return path. */
export function OverlayRedirect({ overlay }: { overlay: Overlay }) {
  const location = useLocation();
  const state = location.state as AppLocationState;
  return <Navigate to={paths.home} replace state={{ overlay, message: state?.message, from: state?.from }} />;
}

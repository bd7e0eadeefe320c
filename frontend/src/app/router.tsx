import { createBrowserRouter } from 'react-router';
import { SidebarLayout } from '@/components/layouts/sidebar-layout';
import { Spinner } from '@/components/ui/spinner';
import { RequireAuth } from './require-auth';
import { OverlayRedirect } from './routes/overlay-redirect';
import LandingRoute from './routes/landing';
import TermsRoute from './routes/terms';
import PrivacyRoute from './routes/privacy';
import ContactRoute from './routes/contact';
import ResetPasswordRoute from './routes/reset-password';
import DashboardRoute from './routes/dashboard';
import TemplatesRoute from './routes/templates';
import AccountRoute from './routes/account';
import NotFoundRoute from './routes/not-found';

// The generator and the viewers are loaded on demand.
const lazyRoute = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const router = createBrowserRouter([
  { path: '/', Component: LandingRoute },
  { path: '/login', element: <OverlayRedirect overlay="login" /> },
  { path: '/signup', element: <OverlayRedirect overlay="signup" /> },
  { path: '/forgot-password', element: <OverlayRedirect overlay="forgot" /> },
  { path: '/terms', Component: TermsRoute },
  { path: '/privacy', Component: PrivacyRoute },
  { path: '/contact', Component: ContactRoute },
  { path: '/reset-password', Component: ResetPasswordRoute },
  { path: '/reset-password/:token', Component: ResetPasswordRoute },
  {
    Component: RequireAuth,
    HydrateFallback: () => <Spinner label="Loading…" />,
    children: [
      {
        Component: SidebarLayout,
        children: [
          { path: '/dashboard', Component: DashboardRoute },
          { path: '/templates', Component: TemplatesRoute },
          { path: '/account', Component: AccountRoute },
        ],
      },
      { path: '/app', lazy: lazyRoute(() => import('./routes/generator')) },
      { path: '/view-worksheet/:worksheetId', lazy: lazyRoute(() => import('./routes/view-worksheet')) },
      { path: '/view-answer-key/:worksheetId', lazy: lazyRoute(() => import('./routes/view-answer-key')) },
    ],
  },
  { path: '*', Component: NotFoundRoute },
]);

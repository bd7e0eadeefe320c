import { AuthOverlay } from '@/features/auth/components/auth-overlay';
import { LandingPage } from '@/features/landing/components/landing-page';

export default function LandingRoute() {
  return <LandingPage renderAuth={(props) => <AuthOverlay {...props} />} />;
}

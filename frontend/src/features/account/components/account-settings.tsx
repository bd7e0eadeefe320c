import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { errorReason } from '@/lib/errors';
import { useCreatePortalSession } from '../api/subscription';
import { subscriptionLabel } from '../utils/subscription-label';

export const PORTAL_AUTH_ERROR = 'Authentication error. Please log in again.';

export function AccountSettings() {
  const { user, session, profile, profileLoading } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const portal = useCreatePortalSession();
  const busy = portal.isPending;

  async function manageSubscription() {
    setError(null);
    if (!session) return setError(PORTAL_AUTH_ERROR);
    try {
      const portalUrl = await portal.mutateAsync();
      window.open(portalUrl, '_blank');
    } catch (err) {
      setError(err instanceof ApiError && err.status === 401 ? PORTAL_AUTH_ERROR : `Error: ${errorReason(err)}`);
    }
  }

  return (
    <div className="card bg-base-100 border border-base-300 max-w-xl">
      <div className="card-body gap-4">
        <div>
          <div className="text-sm text-base-content/70">Email</div>
          <div className="font-medium" data-testid="account-email">{user?.email}</div>
        </div>
        <div>
          <div className="text-sm text-base-content/70">Subscription</div>
          <div className="font-medium" data-testid="subscription-label">{profileLoading ? 'Loading…' : subscriptionLabel(profile)}</div>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        {profile?.stripe_customer_id ? (
          <button type="button" className="btn btn-primary self-start" disabled={busy} onClick={manageSubscription}>
            {busy ? 'Opening…' : 'Manage Subscription'}
          </button>
        ) : (
          <button type="button" className="btn btn-primary self-start" onClick={() => navigate(paths.pricing)}>
            See Subscription Options
          </button>
        )}
      </div>
    </div>
  );
}

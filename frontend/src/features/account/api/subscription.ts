import type { Profile } from '@/lib/auth';
import { apiRequest } from '@/lib/api-client';

/** The subscription label table of spec §4. */
export function subscriptionLabel(profile: Profile | null | undefined): string {
  const status = profile?.subscription_status;
  // The server stores `free` for a user who never subscribed: that is the spec's "no status".
  if (!status || status === 'free') return 'Free Plan';
  switch (status) {
    case 'active':
      return 'Active Subscription';
    case 'canceled':
      return 'Subscription Canceled';
    case 'past_due':
      return 'Subscription Past Due';
    default:
      return `Status: ${status}`;
  }
}

export async function createPortalSession(): Promise<string> {
  const body = await apiRequest<{ portalUrl?: string }>('/api/create-portal-session', { method: 'POST' });
  if (!body.portalUrl) throw new Error('No billing portal address was returned.');
  return body.portalUrl;
}

import type { Profile } from '@/lib/auth';

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

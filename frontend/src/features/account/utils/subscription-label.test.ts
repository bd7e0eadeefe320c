import { describe, expect, it } from 'vitest';
import { subscriptionLabel } from './subscription-label';

describe('subscription labels', () => {
  it('follows the table of spec §4', () => {
    expect(subscriptionLabel({ subscription_status: 'active' })).toBe('Active Subscription');
    expect(subscriptionLabel({ subscription_status: 'canceled' })).toBe('Subscription Canceled');
    expect(subscriptionLabel({ subscription_status: 'past_due' })).toBe('Subscription Past Due');
    expect(subscriptionLabel({ subscription_status: 'free' })).toBe('Free Plan');
    expect(subscriptionLabel({ subscription_status: 'trialing' })).toBe('Status: trialing');
    expect(subscriptionLabel({ subscription_status: 'trialing' })).toBe('Status: trialing');
  });
  it('is Free Plan without a profile or a status', () => {
    expect(subscriptionLabel(null)).toBe('Free Plan');
    expect(subscriptionLabel(undefined)).toBe('Free Plan');
    expect(subscriptionLabel({})).toBe('Free Plan');
    expect(subscriptionLabel({ subscription_status: '' })).toBe('Free Plan');
  });
});

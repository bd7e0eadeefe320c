import { describe, expect, it } from 'vitest';
import { checkoutUrl } from './public-config';

describe('checkout links', () => {
  it('appends the user id as client_reference_id', () => {
    expect(checkoutUrl('https://buy.example.com/abc', 'u123')).toBe('https://buy.example.com/abc?client_reference_id=u123');
    expect(checkoutUrl('https://buy.example.com/abc?x=1', 'u1')).toBe('https://buy.example.com/abc?x=1&client_reference_id=u1');
  });
  it('has no address when no link is configured', () => {
    expect(checkoutUrl('', 'u1')).toBeNull();
    expect(checkoutUrl(undefined, 'u1')).toBeNull();
  });
});

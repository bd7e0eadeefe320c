import { describe, expect, it } from 'vitest';
import { formatUsDate } from './format-date';

describe('US short dates', () => {
  it('formats PocketBase timestamps as month/day/year', () => {
    expect(formatUsDate('2026-11-21 12:44:41.123Z')).toBe('11/21/2026');
    expect(formatUsDate('2026-03-05T12:00:00Z')).toBe('3/5/2026');
  });
  it('shows nothing for a missing or broken date', () => {
    expect(formatUsDate('')).toBe('');
    expect(formatUsDate(undefined)).toBe('');
    expect(formatUsDate('not a date')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { formatUsDate, savedLabel } from './format-date';

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

describe('saved label', () => {
  it('says Saved with the time of day', () => {
    expect(savedLabel(new Date(2026, 10, 23, 15, 42, 10))).toBe('Saved 3:42 PM');
    expect(savedLabel(new Date(2026, 10, 23, 9, 5))).toBe('Saved 9:05 AM');
  });
});

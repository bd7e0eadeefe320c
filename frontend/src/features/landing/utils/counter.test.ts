import { describe, expect, it } from 'vitest';
import { COUNTER_DURATION_MS, counterValueAt, formatCounter } from './counter';

describe('landing counter', () => {
  it('starts at zero and ends at 55,000 after 2.2 s', () => {
    expect(counterValueAt(0)).toBe(0);
    expect(COUNTER_DURATION_MS).toBe(2200);
    expect(counterValueAt(2200)).toBe(55000);
    expect(counterValueAt(10_000)).toBe(55000);
  });
  it('moves in steps of 100 and never goes backwards', () => {
    let last = 0;
    for (let t = 0; t <= 2200; t += 7) {
      const v = counterValueAt(t);
      expect(v % 100).toBe(0);
      expect(v).toBeGreaterThanOrEqual(last);
      last = v;
    }
    expect(counterValueAt(1100)).toBe(27500);
  });
  it('is shown with a thousands separator and a plus', () => {
    expect(formatCounter(55000)).toBe('55,000+');
  });
});

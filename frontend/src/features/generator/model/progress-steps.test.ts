import { describe, expect, it } from 'vitest';
import { addProgressStep } from './progress-steps';

describe('progress steps', () => {
  it('adds new steps in order', () => {
    expect(addProgressStep(addProgressStep([], 'Reading your request…'), 'Writing 12 problems…')).toEqual(['Reading your request…', 'Writing 12 problems…']);
  });
  it('shows a repeated line once', () => {
    expect(addProgressStep(['Reading your request…'], 'Reading your request…')).toEqual(['Reading your request…']);
  });
  it('updates a running count in place', () => {
    expect(addProgressStep(['Asking the model…', 'Writing… 8 lines'], 'Writing… 12 lines')).toEqual(['Asking the model…', 'Writing… 12 lines']);
  });
  it('ignores blank lines', () => {
    expect(addProgressStep(['a'], '  ')).toEqual(['a']);
  });
});

import { describe, expect, it } from 'vitest';
import { promptKeyAction } from './prompt-keys';

describe('prompt box keys', () => {
  it('Enter sends, Shift+Enter inserts a newline, other keys do nothing', () => {
    expect(promptKeyAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(promptKeyAction({ key: 'Enter', shiftKey: true })).toBe('newline');
    expect(promptKeyAction({ key: 'a', shiftKey: false })).toBe('none');
  });
  it('leaves Enter to an input method that is composing', () => {
    expect(promptKeyAction({ key: 'Enter', shiftKey: false, nativeEvent: { isComposing: true } })).toBe('none');
  });
});

import { describe, expect, it } from 'vitest';
import { menuIndexAfterKey } from './menu-keys';

describe('menu keys', () => {
  it('move with the arrows and wrap', () => {
    expect(menuIndexAfterKey('ArrowDown', 0, 3)).toBe(1);
    expect(menuIndexAfterKey('ArrowDown', 2, 3)).toBe(0);
    expect(menuIndexAfterKey('ArrowUp', 0, 3)).toBe(2);
  });
  it('jump with Home and End', () => {
    expect(menuIndexAfterKey('Home', 2, 3)).toBe(0);
    expect(menuIndexAfterKey('End', 0, 3)).toBe(2);
  });
  it('leave other keys and empty menus alone', () => {
    expect(menuIndexAfterKey('a', 1, 3)).toBeNull();
    expect(menuIndexAfterKey('ArrowDown', 0, 0)).toBeNull();
  });
});

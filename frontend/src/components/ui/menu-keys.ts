/**
 * Where focus goes in a menu of count items after a key (WAI-ARIA menu button pattern):
 * the arrows move and wrap, Home and End jump; null for any other key.
 */
export function menuIndexAfterKey(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

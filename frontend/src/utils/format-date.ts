/** A date in US short format (11/21/2026). Accepts PocketBase's "2026-11-21 05:44:41.123Z". */
export function formatUsDate(value: string | undefined | null): string {
  if (!value) return '';
  const date = new Date(value.includes(' ') && !value.includes('T') ? value.replace(' ', 'T') : value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US');
}

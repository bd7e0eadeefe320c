/** A date in US short format (11/21/2026). Accepts PocketBase's "2026-11-21 05:44:41.123Z". */
export function formatUsDate(value: string | undefined | null): string {
  if (!value) return '';
  const date = new Date(value.includes(' ') && !value.includes('T') ? value.replace(' ', 'T') : value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US');
}

/** "Saved 3:42 PM": when a worksheet was last saved, in US time format. */
export function savedLabel(date: Date): string {
  // ICU puts a narrow no-break space before AM/PM: a plain space reads the same everywhere.
  return `Saved ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }).replace(/\s+/g, ' ')}`;
}

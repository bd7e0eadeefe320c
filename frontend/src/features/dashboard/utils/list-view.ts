// How the dashboard shows the list: joined pages, search, sort and the summary read aloud.
import { UNTITLED } from '@/lib/worksheet-requests';
import type { WorksheetPage, WorksheetSummary } from '../api/worksheets';

export type SortOrder = 'newest' | 'oldest' | 'title-asc' | 'title-desc';

export const SORT_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'title-asc', label: 'Title A–Z' },
  { value: 'title-desc', label: 'Title Z–A' },
];

export function isSortOrder(value: string): value is SortOrder {
  return SORT_OPTIONS.some((o) => o.value === value);
}

export function worksheetTitle(w: WorksheetSummary): string {
  return w.document_title?.trim() || UNTITLED;
}

const time = (w: WorksheetSummary) => {
  const t = w.created_at ? Date.parse(w.created_at) : NaN;
  return Number.isNaN(t) ? 0 : t;
};

/** Folds case and accents so "cafe" finds "Café". */
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('en-US');
}

/**
 * The worksheets whose title contains every word of the query (case and accents ignored), in
 * the chosen order. Titles compare naturally ("Week 2" before "Week 10"); ties keep the newest first.
 */
export function visibleWorksheets(list: WorksheetSummary[], query: string, sort: SortOrder): WorksheetSummary[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const shown = words.length === 0 ? [...list] : list.filter((w) => {
    const title = fold(worksheetTitle(w));
    return words.every((word) => title.includes(word));
  });
  const byTitle = (a: WorksheetSummary, b: WorksheetSummary) =>
    worksheetTitle(a).localeCompare(worksheetTitle(b), 'en-US', { numeric: true, sensitivity: 'base' });
  const newest = (a: WorksheetSummary, b: WorksheetSummary) => time(b) - time(a);
  switch (sort) {
    case 'newest':
      return shown.sort(newest);
    case 'oldest':
      return shown.sort((a, b) => time(a) - time(b));
    case 'title-asc':
      return shown.sort((a, b) => byTitle(a, b) || newest(a, b));
    case 'title-desc':
      return shown.sort((a, b) => byTitle(b, a) || newest(a, b));
  }
}

/** What a screen reader hears after the list changes: "3 of 12 worksheets shown". */
export function resultsSummary(shown: number, total: number): string {
  if (shown === total) return total === 1 ? '1 worksheet' : `${total} worksheets`;
  return `${shown} of ${total} worksheets shown`;
}

/** The pages fetched so far as one list; a worksheet that moved between pages is shown once. */
export function joinPages(pages: WorksheetPage[]): WorksheetSummary[] {
  const seen = new Set<string>();
  const list: WorksheetSummary[] = [];
  for (const page of pages) {
    for (const w of page.worksheets) {
      if (seen.has(w.id)) continue;
      seen.add(w.id);
      list.push(w);
    }
  }
  return list;
}

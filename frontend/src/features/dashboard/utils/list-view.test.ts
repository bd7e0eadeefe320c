import { describe, expect, it } from 'vitest';
import { joinPages, resultsSummary, visibleWorksheets } from './list-view';

const list = [
  { id: 'a', document_title: 'Week 10 Fractions', created_at: '2026-11-01T10:00:00.000Z' },
  { id: 'b', document_title: 'week 2 fractions', created_at: '2026-11-03T10:00:00.000Z' },
  { id: 'c', document_title: 'Café reading', created_at: '2026-11-02T10:00:00.000Z' },
  { id: 'd', document_title: '', created_at: '2026-10-01T10:00:00.000Z' },
];
const ids = (l: { id: string }[]) => l.map((w) => w.id);

describe('dashboard search and sort', () => {
  it('sorts by date either way', () => {
    expect(ids(visibleWorksheets(list, '', 'newest'))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(visibleWorksheets(list, '', 'oldest'))).toEqual(['d', 'a', 'c', 'b']);
  });
  it('sorts titles naturally and without case, the fallback title included', () => {
    expect(ids(visibleWorksheets(list, '', 'title-asc'))).toEqual(['c', 'd', 'b', 'a']);
    expect(ids(visibleWorksheets(list, '', 'title-desc'))).toEqual(['a', 'b', 'd', 'c']);
  });
  it('finds titles containing every word, ignoring case and accents', () => {
    expect(ids(visibleWorksheets(list, 'FRACTIONS', 'newest'))).toEqual(['b', 'a']);
    expect(ids(visibleWorksheets(list, 'fractions 10', 'newest'))).toEqual(['a']);
    expect(ids(visibleWorksheets(list, 'cafe', 'newest'))).toEqual(['c']);
    expect(ids(visibleWorksheets(list, 'untitled', 'newest'))).toEqual(['d']);
    expect(visibleWorksheets(list, 'poetry', 'newest')).toEqual([]);
  });
  it('does not reorder the list it was given', () => {
    const copy = [...list];
    visibleWorksheets(list, '', 'title-asc');
    expect(list).toEqual(copy);
  });
  it('summarises what is shown', () => {
    expect(resultsSummary(4, 4)).toBe('4 worksheets');
    expect(resultsSummary(1, 1)).toBe('1 worksheet');
    expect(resultsSummary(2, 4)).toBe('2 of 4 worksheets shown');
  });
});

describe('the list in pages', () => {
  it('joins pages in order, each worksheet once', () => {
    const page = (ids: string[]) => ({ worksheets: ids.map((id) => ({ id })), nextCursor: null, totalItems: 4 });
    expect(joinPages([page(['a', 'b']), page(['b', 'c']), page(['d'])]).map((w) => w.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

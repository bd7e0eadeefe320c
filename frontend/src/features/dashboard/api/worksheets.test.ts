import { describe, expect, it } from 'vitest';
import { toWorksheetPage, worksheetPages, worksheetsPath, type WorksheetPage } from './worksheets';

describe('the list in pages', () => {
  it('asks for a page after the cursor', () => {
    expect(worksheetsPath(null)).toBe('/my-worksheets?perPage=100');
    expect(worksheetsPath('abc_-', 3)).toBe('/my-worksheets?perPage=3&cursor=abc_-');
  });
  it('reads the paging fields; the last page has no cursor', () => {
    expect(toWorksheetPage({ worksheets: [{ id: 'a' }], nextCursor: 'c1', totalItems: 7 })).toEqual({
      worksheets: [{ id: 'a' }],
      nextCursor: 'c1',
      totalItems: 7,
    });
    expect(toWorksheetPage({ worksheets: [{ id: 'a' }], nextCursor: '' })).toEqual({ worksheets: [{ id: 'a' }], nextCursor: null, totalItems: 1 });
  });
  it('fetches every page in turn, following the cursors', async () => {
    const pages: Record<string, WorksheetPage> = {
      first: { worksheets: [{ id: 'a' }], nextCursor: 'c1', totalItems: 2 },
      c1: { worksheets: [{ id: 'b' }], nextCursor: null, totalItems: 2 },
    };
    const asked: (string | null)[] = [];
    const got: WorksheetPage[] = [];
    for await (const page of worksheetPages(async (cursor) => (asked.push(cursor), pages[cursor ?? 'first']))) got.push(page);
    expect(asked).toEqual([null, 'c1']);
    expect(got.map((p) => p.worksheets[0].id)).toEqual(['a', 'b']);
  });
});

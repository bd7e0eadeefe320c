import { describe, expect, it } from 'vitest';
import { readPageImages } from './pdf-pages';

describe('page images', () => {
  it('reads every page in order, with absolute addresses and sizes', () => {
    const read = readPageImages({
      success: true,
      pages: [
        { url: '/pdf/t.s/page/1.png', width: 1000, height: 1294 },
        { url: '/pdf/t.s/page/2.png', width: 1000, height: 1294 },
      ],
      more: false,
    });
    expect(read.pages.map((p) => p.url)).toEqual([
      `${window.location.origin}/pdf/t.s/page/1.png`,
      `${window.location.origin}/pdf/t.s/page/2.png`,
    ]);
    expect(read.pages[0]).toMatchObject({ width: 1000, height: 1294 });
    expect(read.more).toBe(false);
  });
  it('says when the document has more pages than were drawn', () => {
    expect(readPageImages({ pages: [{ url: '/pdf/t/page/1.png' }], more: true }).more).toBe(true);
  });
  it('refuses an answer without pages', () => {
    expect(() => readPageImages({ success: true, pages: [] })).toThrow('The server sent no page.');
    expect(() => readPageImages(undefined)).toThrow();
  });
});

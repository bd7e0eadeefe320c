import { describe, expect, it } from 'vitest';
import { downloadUrl, frameSrc, pagesUrl } from './pdf-link';

describe('PDF link addresses', () => {
  it('adds download=1 to the query', () => {
    expect(downloadUrl('/pdf/abc')).toBe(`${window.location.origin}/pdf/abc?download=1`);
    expect(downloadUrl('https://x.test/pdf/abc?sig=1')).toBe('https://x.test/pdf/abc?sig=1&download=1');
  });
  it('shows the frame without the browser toolbar, whose buttons would bypass the lock', () => {
    expect(frameSrc('/pdf/abc')).toBe(`${window.location.origin}/pdf/abc#toolbar=0&navpanes=0`);
    expect(frameSrc('https://x.test/pdf/abc?sig=1')).toBe('https://x.test/pdf/abc?sig=1#toolbar=0&navpanes=0');
  });
  it('lists page images under the link itself, never through the download address', () => {
    expect(pagesUrl('/pdf/abc.def')).toBe(`${window.location.origin}/pdf/abc.def/pages`);
    expect(pagesUrl('https://x.test/pdf/abc?download=1#x')).toBe('https://x.test/pdf/abc/pages');
  });
});

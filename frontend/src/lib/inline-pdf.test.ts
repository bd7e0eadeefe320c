import { describe, expect, it } from 'vitest';
import { showsPdfInline } from './inline-pdf';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('inline PDF support', () => {
  it('follows navigator.pdfViewerEnabled where the browser has it', () => {
    expect(showsPdfInline({ pdfViewerEnabled: true, userAgent: DESKTOP })).toBe(true);
    expect(showsPdfInline({ pdfViewerEnabled: false, userAgent: DESKTOP })).toBe(false);
    expect(showsPdfInline({ pdfViewerEnabled: false, userAgent: ANDROID })).toBe(false);
  });
  it('shows iPhones page images: their frames draw only the first page', () => {
    expect(showsPdfInline({ pdfViewerEnabled: true, userAgent: IPHONE })).toBe(false);
  });
  it('without the property, trusts a listed PDF handler, else tells phones from computers', () => {
    expect(showsPdfInline({ userAgent: ANDROID, mimeTypes: { namedItem: (n) => (n === 'application/pdf' ? {} : null) } })).toBe(true);
    expect(showsPdfInline({ userAgent: ANDROID, mimeTypes: { namedItem: () => null } })).toBe(false);
    expect(showsPdfInline({ userAgent: DESKTOP })).toBe(true);
    expect(showsPdfInline(undefined)).toBe(true);
  });
});

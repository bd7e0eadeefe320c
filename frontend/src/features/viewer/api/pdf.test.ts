import { describe, expect, it } from 'vitest';
import { downloadErrorMessage, downloadUrl, frameSrc } from './pdf';

describe('PDF download', () => {
  it('adds download=1 to the query', () => {
    expect(downloadUrl('/pdf/abc')).toBe(`${window.location.origin}/pdf/abc?download=1`);
    expect(downloadUrl('https://x.test/pdf/abc?sig=1')).toBe('https://x.test/pdf/abc?sig=1&download=1');
  });
  it('shows the frame without the browser toolbar, whose buttons would bypass the lock', () => {
    expect(frameSrc('/pdf/abc')).toBe(`${window.location.origin}/pdf/abc#toolbar=0&navpanes=0`);
    expect(frameSrc('https://x.test/pdf/abc?sig=1')).toBe('https://x.test/pdf/abc?sig=1#toolbar=0&navpanes=0');
  });
  it('words the failure with one full stop', () => {
    expect(downloadErrorMessage('the server answered 404')).toBe('Could not download PDF: the server answered 404.');
    expect(downloadErrorMessage('Link expired.')).toBe('Could not download PDF: Link expired.');
  });
});

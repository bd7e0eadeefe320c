import { describe, expect, it } from 'vitest';
import { downloadErrorMessage, downloadUrl } from './pdf';

describe('PDF download', () => {
  it('adds download=1 to the query', () => {
    expect(downloadUrl('/pdf/abc')).toBe(`${window.location.origin}/pdf/abc?download=1`);
    expect(downloadUrl('https://x.test/pdf/abc?sig=1')).toBe('https://x.test/pdf/abc?sig=1&download=1');
  });
  it('words the failure with one full stop', () => {
    expect(downloadErrorMessage('the server answered 404')).toBe('Could not download PDF: the server answered 404.');
    expect(downloadErrorMessage('Link expired.')).toBe('Could not download PDF: Link expired.');
  });
});

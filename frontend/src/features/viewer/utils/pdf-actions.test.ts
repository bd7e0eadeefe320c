import { describe, expect, it } from 'vitest';
import { downloadErrorMessage } from './pdf-actions';

describe('PDF download', () => {
  it('words the failure with one full stop', () => {
    expect(downloadErrorMessage('the server answered 404')).toBe('Could not download PDF: the server answered 404.');
    expect(downloadErrorMessage('Link expired.')).toBe('Could not download PDF: Link expired.');
  });
});

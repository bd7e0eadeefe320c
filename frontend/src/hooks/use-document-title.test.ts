import { describe, expect, it } from 'vitest';
import { documentTitle } from './use-document-title';

describe('document titles', () => {
  it('names the page, then the app', () => {
    expect(documentTitle('My Worksheets')).toBe('My Worksheets · Sheetsmith');
    expect(documentTitle('  Fractions — Answer Key ')).toBe('Fractions — Answer Key · Sheetsmith');
  });
  it('is the app name alone without a page name', () => {
    expect(documentTitle('')).toBe('Sheetsmith — AI worksheet generator');
    expect(documentTitle(undefined)).toBe('Sheetsmith — AI worksheet generator');
  });
});

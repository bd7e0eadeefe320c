import { describe, expect, it } from 'vitest';
import { answerKeyViewer, worksheetViewer } from './viewer-config';

describe('viewer headings and file names', () => {
  it('names the answer key in its heading, with the spec fallback', () => {
    expect(answerKeyViewer.heading('Fractions Practice')).toBe('Fractions Practice — Answer Key');
    expect(answerKeyViewer.heading('')).toBe('Answer Key');
    expect(answerKeyViewer.fileName('Fractions Practice')).toBe('fractions_practice_answer_key.pdf');
  });
  it('keeps the worksheet title, with the spec fallback', () => {
    expect(worksheetViewer.heading('Fractions Practice')).toBe('Fractions Practice');
    expect(worksheetViewer.heading('  ')).toBe('Worksheet');
    expect(worksheetViewer.fileName('Fractions Practice')).toBe('fractions_practice.pdf');
    expect(worksheetViewer.fileName('')).toBe('worksheet.pdf');
  });
  it('only the worksheet locks on download', () => {
    expect(worksheetViewer.lockable).toBe(true);
    expect(answerKeyViewer.lockable).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { answerKeyFileName, pdfFileName } from './filename';

describe('PDF file names', () => {
  it('lower-cases the title and turns every non-alphanumeric character into an underscore', () => {
    expect(pdfFileName('Fractions Practice #2', 'worksheet')).toBe('fractions_practice__2.pdf');
    expect(pdfFileName('Grade-3 Reading: Café', 'worksheet')).toBe('grade_3_reading__caf_.pdf');
    expect(pdfFileName('ABC123', 'answer_key')).toBe('abc123.pdf');
  });
  it('falls back to worksheet or answer_key without a title', () => {
    expect(pdfFileName('', 'worksheet')).toBe('worksheet.pdf');
    expect(pdfFileName(undefined, 'worksheet')).toBe('worksheet.pdf');
    expect(pdfFileName('   ', 'answer_key')).toBe('answer_key.pdf');
    expect(pdfFileName(null, 'answer_key')).toBe('answer_key.pdf');
  });
  it('names an answer key {title}_answer_key.pdf by the same rule', () => {
    expect(answerKeyFileName('Fractions Practice')).toBe('fractions_practice_answer_key.pdf');
    expect(answerKeyFileName(' Week 2: Café ')).toBe('week_2__caf__answer_key.pdf');
    expect(answerKeyFileName('')).toBe('answer_key.pdf');
    expect(answerKeyFileName(undefined)).toBe('answer_key.pdf');
  });
});

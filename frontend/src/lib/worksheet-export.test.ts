import { describe, expect, it } from 'vitest';
import { exportErrorMessage, exportFileName } from './worksheet-export';

describe('export file names', () => {
  it('follow the PDF rule with the format’s extension', () => {
    expect(exportFileName('Fractions, Week 2', false, 'docx')).toBe('fractions__week_2.docx');
    expect(exportFileName('Fractions, Week 2', false, 'tex')).toBe('fractions__week_2.zip');
    expect(exportFileName('Sums', true, 'docx')).toBe('sums_answer_key.docx');
    expect(exportFileName('Sums', true, 'pdf')).toBe('sums_answer_key.pdf');
  });
  it('fall back to worksheet and answer_key without a title', () => {
    expect(exportFileName('  ', false, 'docx')).toBe('worksheet.docx');
    expect(exportFileName(undefined, true, 'tex')).toBe('answer_key.zip');
  });
});

describe('export failures', () => {
  it('say which file failed, with one full stop', () => {
    expect(exportErrorMessage('docx', 'Worksheet not found.')).toBe('Could not download the Word document: Worksheet not found.');
    expect(exportErrorMessage('tex', 'the server answered 500')).toBe('Could not download the LaTeX project: the server answered 500.');
  });
});

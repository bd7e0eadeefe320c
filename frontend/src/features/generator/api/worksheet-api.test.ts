import { describe, expect, it } from 'vitest';
import { compileErrorMessage, toLoadedWorksheet } from './worksheet-api';

describe('compiling', () => {
  it('says Compilation failed, with the server reason when there is one', () => {
    expect(compileErrorMessage()).toBe('Compilation failed');
    expect(compileErrorMessage('Compilation failed: line 12: Undefined control sequence')).toBe('Compilation failed: line 12: Undefined control sequence');
    expect(compileErrorMessage('The compiler is busy.')).toBe('Compilation failed: The compiler is busy.');
  });
});

describe('loading a saved worksheet', () => {
  it('reads title, source, template, edits left and whether it was downloaded', () => {
    const w = toLoadedWorksheet('w1', {
      worksheet: { id: 'w1', document_title: 'Fractions', latex_code: '\\doc', template: 'exam', edit_count: 4, downloaded_at: '' },
    });
    expect(w).toEqual({ id: 'w1', title: 'Fractions', latexCode: '\\doc', template: 'exam', downloaded: false, editsLeft: 11 });
    expect(toLoadedWorksheet('w1', { worksheet: { latex_code: 'x', downloaded_at: '2026-11-21 06:00:00.000Z' } }).downloaded).toBe(true);
  });
  it('refuses a worksheet without source', () => {
    expect(() => toLoadedWorksheet('w1', { worksheet: { document_title: 'Empty' } })).toThrow('The worksheet has no LaTeX source.');
  });
});

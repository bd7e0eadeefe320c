import { describe, expect, it } from 'vitest';
import {
  ALREADY_SAVED,
  compileErrorMessage,
  loadedMessage,
  loadErrorMessage,
  saveDecision,
  saveErrorMessage,
  toLoadedWorksheet,
} from './worksheet-api';

describe('Save To Dashboard', () => {
  const ready = { pdfUrl: '/pdf/t', latexCode: '\\doc', hasSession: true, savedId: null };
  it('needs both a PDF and LaTeX', () => {
    expect(saveDecision({ ...ready, pdfUrl: null })).toEqual({ kind: 'error', message: 'Cannot save or download. PDF URL or LaTeX code is missing.' });
    expect(saveDecision({ ...ready, latexCode: '' })).toEqual({ kind: 'error', message: 'Cannot save or download. PDF URL or LaTeX code is missing.' });
  });
  it('needs a session', () => {
    expect(saveDecision({ ...ready, hasSession: false })).toEqual({ kind: 'error', message: 'Authentication error. Please log in again.' });
  });
  it('does not save a saved worksheet again', () => {
    expect(saveDecision({ ...ready, savedId: 'w1' })).toEqual({ kind: 'already-saved' });
    expect(ALREADY_SAVED).toBe('This worksheet is already saved to your dashboard.');
    expect(saveDecision(ready)).toEqual({ kind: 'save' });
  });
  it('words a failed save', () => {
    expect(saveErrorMessage('Authentication error. Please log in again.')).toBe('Authentication error. Please log in again.');
    expect(saveErrorMessage('latexCode is required.')).toBe('Could not save worksheet: latexCode is required.');
  });
});

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
  it('words the chat reset and the error', () => {
    expect(loadedMessage('Fractions')).toBe('Loaded worksheet: Fractions');
    expect(loadErrorMessage('Not found')).toBe('Could not load worksheet: Not found');
  });
});

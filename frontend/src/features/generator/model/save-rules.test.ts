import { describe, expect, it } from 'vitest';
import { ALREADY_SAVED, loadedMessage, loadErrorMessage, saveDecision, saveErrorMessage } from './save-rules';

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

describe('loading a saved worksheet', () => {
  it('words the chat reset and the error', () => {
    expect(loadedMessage('Fractions')).toBe('Loaded worksheet: Fractions');
    expect(loadErrorMessage('Not found')).toBe('Could not load worksheet: Not found');
  });
});

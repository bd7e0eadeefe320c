import { describe, expect, it } from 'vitest';
import { buildGenerateRequest, documentTitleError, toChatHistory } from './generate-request';
import { DEFAULT_PREFERENCES, type ChatMessage } from './types';

describe('the generate request', () => {
  it('sends the prompt, preferences with narrow margins, history, template and no worksheetId for a new sheet', () => {
    const request = buildGenerateRequest({
      prompt: '  12 two-digit addition problems for grade 2 \n',
      preferences: { ...DEFAULT_PREFERENCES, documentTitle: ' Addition ' },
      history: [],
      template: 'exam',
    });
    expect(request).toEqual({
      prompt: '12 two-digit addition problems for grade 2',
      preferences: {
        documentTitle: 'Addition',
        showNameField: true,
        showDateField: true,
        showPeriodField: true,
        showInstructorField: false,
        useNarrowMargins: true,
        paperSize: 'letter',
        largePrint: false,
        font: 'default',
      },
      chatHistory: [],
      template: 'exam',
    });
  });

  it('sends the settings that print as the teacher chose them', () => {
    const request = buildGenerateRequest({
      prompt: 'sums',
      preferences: { ...DEFAULT_PREFERENCES, documentTitle: 'T', paperSize: 'a4', largePrint: true, font: 'hyperlegible' },
      history: [],
      template: 'default',
    });
    expect(request.preferences).toMatchObject({ paperSize: 'a4', largePrint: true, font: 'hyperlegible' });
  });

  it('names the saved worksheet being edited and falls back to the default template', () => {
    const request = buildGenerateRequest({ prompt: 'harder', preferences: { ...DEFAULT_PREFERENCES, documentTitle: 'T' }, history: [], template: '', worksheetId: 'w1' });
    expect(request.worksheetId).toBe('w1');
    expect(request.template).toBe('default');
  });

  it('carries latexCode only on assistant entries with a document', () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'add', latexCode: 'ignored' },
      { role: 'assistant', content: 'Here it is', latexCode: '\\doc' },
      { role: 'assistant', content: 'Server error. Please contact the administrator.' },
    ];
    expect(toChatHistory(history)).toEqual([
      { role: 'user', content: 'add' },
      { role: 'assistant', content: 'Here it is', latexCode: '\\doc' },
      { role: 'assistant', content: 'Server error. Please contact the administrator.' },
    ]);
  });

  it('keeps only recent messages but never drops the current document', () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'doc', latexCode: 'L1' },
      ...Array.from({ length: 6 }, (_, i): ChatMessage => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` })),
    ];
    const trimmed = toChatHistory(history, 4);
    expect(trimmed).toHaveLength(4);
    expect(trimmed[0]).toEqual({ role: 'assistant', content: 'doc', latexCode: 'L1' });
    expect(trimmed.slice(1).map((m) => m.content)).toEqual(['m3', 'm4', 'm5']);
  });

  it('requires a document title', () => {
    expect(documentTitleError('   ')).toBe('Please enter a Document Title before generating.');
    expect(documentTitleError('Fractions')).toBeNull();
  });
});

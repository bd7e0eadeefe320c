import { describe, expect, it } from 'vitest';
import { generatorReducer, initialGeneratorState } from './generator-state';
import { buildGenerateRequest } from './generate-request';

const template = { id: 'default', name: 'Standard Worksheet' };

describe('a loaded worksheet’s print settings', () => {
  it('shows the paper, face and large print the saved sheet was made with, so an edit keeps them', () => {
    const start = initialGeneratorState(template);
    const latexCode =
      '\\documentclass[11pt]{exam}\n\\usepackage[a4paper,margin=0.6in,footskip=0.3in]{geometry}\n' +
      '\\renewcommand\\familydefault{ssatk}\\renewcommand\\sfdefault{ssatk}\n\\renewcommand\\normalsize{\\fontsize{18}{23}\\selectfont}\n';
    const s = generatorReducer(start, {
      type: 'loaded',
      worksheet: { id: 'w1', title: 'Sums', latexCode, template: 'default', downloaded: false, editsLeft: 15 },
      template: null,
    });
    expect(s.preferences).toMatchObject({ documentTitle: 'Sums', paperSize: 'a4', largePrint: true, font: 'hyperlegible' });
  });

  it('shows how a new sheet prints: large print asked for in words checks Large print', () => {
    const start = { ...initialGeneratorState(template), phase: 'generating' as const };
    const latexCode = '\\usepackage{helvet}\n\\renewcommand\\familydefault{\\sfdefault}\n\\renewcommand\\normalsize{\\fontsize{18}{23}\\selectfont}\n';
    const s = generatorReducer(start, { type: 'generated', latexCode, message: 'Here it is, in large print.', savedAt: null });
    expect(s.preferences).toMatchObject({ paperSize: 'letter', largePrint: true, font: 'default' });
  });
});

describe('which wins: the request’s words or Document Settings', () => {
  const start = initialGeneratorState(template);
  const typed = (s: ReturnType<typeof initialGeneratorState>, prompt: string) => generatorReducer(s, { type: 'prompt', prompt });
  const chose = (s: ReturnType<typeof initialGeneratorState>, change: Partial<typeof start.preferences>) =>
    generatorReducer(s, { type: 'preferences', preferences: { ...s.preferences, ...change } });

  it('sends a setting chosen after the request was typed, so it wins over the words', () => {
    const s = chose(typed(start, '20 sums on A4'), { paperSize: 'a4', largePrint: true });
    expect(s.chosenAfterPrompt).toEqual(['paperSize', 'largePrint']);
    expect(buildGenerateRequest({ prompt: s.prompt, preferences: s.preferences, history: [], template: 'default', chosenAfterPrompt: s.chosenAfterPrompt }).preferences.chosenAfterPrompt).toEqual([
      'paperSize',
      'largePrint',
    ]);
  });

  it('forgets the choice when the request is typed again: the newer words win', () => {
    const s = typed(chose(typed(start, '20 sums'), { paperSize: 'a4' }), '20 sums on letter paper');
    expect(s.chosenAfterPrompt).toEqual([]);
    expect(buildGenerateRequest({ prompt: s.prompt, preferences: s.preferences, history: [], template: 'default', chosenAfterPrompt: s.chosenAfterPrompt }).preferences).not.toHaveProperty(
      'chosenAfterPrompt',
    );
  });

  it('does not count a title or a field as a print setting, nor a setting set back to what it was twice', () => {
    const s = chose(chose(typed(start, 'sums'), { documentTitle: 'Sums', showDateField: false }), { font: 'sans' });
    expect(s.chosenAfterPrompt).toEqual(['font']);
    expect(chose(s, { font: 'default' }).chosenAfterPrompt).toEqual(['font']);
  });

  it('starts each request afresh once it is sent', () => {
    const s = generatorReducer(chose(typed(start, 'sums'), { paperSize: 'a4' }), { type: 'generationStarted', text: 'sums' });
    expect(s.chosenAfterPrompt).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { generatorReducer, initialGeneratorState } from './generator-state';

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

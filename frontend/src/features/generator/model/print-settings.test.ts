import { describe, expect, it } from 'vitest';
import { loadPrintSettings, paperForLocale, printSettingsOf, rememberPrintSettings } from './print-settings';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('paperForLocale', () => {
  it('gives Letter to the Americas that print on it and the Philippines', () => {
    for (const l of ['en-US', 'en-CA', 'fr-CA', 'es-MX', 'es-CO', 'es-CL', 'en-PH', 'es-US', 'en']) {
      expect(paperForLocale(l), l).toBe('letter');
    }
  });
  it('gives A4 to the rest of the world', () => {
    for (const l of ['en-GB', 'en-AU', 'en-IN', 'de-DE', 'fr', 'fr-FR', 'es', 'es-ES', 'es-AR', 'pt-BR', 'ja', 'zh-CN', 'ar']) {
      expect(paperForLocale(l), l).toBe('a4');
    }
  });
  it('falls back to Letter for a missing or broken locale', () => {
    expect(paperForLocale(undefined)).toBe('letter');
    expect(paperForLocale('not a locale!')).toBe('letter');
  });
});

describe('loadPrintSettings', () => {
  it('starts from the locale', () => {
    expect(loadPrintSettings(memoryStorage(), ['de-DE'])).toEqual({ paperSize: 'a4', largePrint: false, font: 'default' });
    expect(loadPrintSettings(memoryStorage(), [])).toEqual({ paperSize: 'letter', largePrint: false, font: 'default' });
  });
  it('remembers the teacher’s choices over the locale', () => {
    const storage = memoryStorage();
    rememberPrintSettings(storage, { paperSize: 'letter', largePrint: true, font: 'hyperlegible' });
    expect(loadPrintSettings(storage, ['en-GB'])).toEqual({ paperSize: 'letter', largePrint: true, font: 'hyperlegible' });
  });
  it('ignores values it does not know', () => {
    const storage = memoryStorage({ 'sheetsmith.printSettings': '{"paperSize":"legal","largePrint":"yes","font":"comic"}' });
    expect(loadPrintSettings(storage, ['fr-FR'])).toEqual({ paperSize: 'a4', largePrint: false, font: 'default' });
    expect(loadPrintSettings(memoryStorage({ 'sheetsmith.printSettings': '{' }), ['en-US']).paperSize).toBe('letter');
  });
});

describe('printSettingsOf', () => {
  const preamble = '\\documentclass[11pt]{exam}\n';
  it('reads a saved sheet’s paper, face and large print', () => {
    expect(printSettingsOf(preamble + '\\usepackage[margin=0.6in,footskip=0.3in]{geometry}\n')).toEqual({
      paperSize: 'letter',
      largePrint: false,
      font: 'default',
    });
    expect(
      printSettingsOf(preamble + '\\usepackage[a4paper,margin=0.6in,footskip=0.3in]{geometry}\n\\renewcommand\\familydefault{ssatk}\\renewcommand\\sfdefault{ssatk}\n'),
    ).toEqual({ paperSize: 'a4', largePrint: false, font: 'hyperlegible' });
    expect(printSettingsOf(preamble + '\\usepackage{helvet}\n\\renewcommand\\familydefault{\\sfdefault}\n').font).toBe('sans');
  });
  it('reads large print, whose sans face is its own', () => {
    const src =
      preamble +
      '\\usepackage{helvet}\n\\renewcommand\\familydefault{\\sfdefault}\n\\renewcommand\\normalsize{\\fontsize{18}{23}\\selectfont}\n';
    expect(printSettingsOf(src)).toEqual({ paperSize: 'letter', largePrint: true, font: 'default' });
  });
});

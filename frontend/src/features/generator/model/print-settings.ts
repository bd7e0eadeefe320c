// The settings that print (paper, large print, face): the first paper from the browser's
// locale, the teacher's own choices remembered in this browser, and what a saved sheet says.

export type PaperSize = 'letter' | 'a4';
export type SheetFont = 'default' | 'sans' | 'hyperlegible';
export type PrintSettings = { paperSize: PaperSize; largePrint: boolean; font: SheetFont };

export const PAPER_SIZES: { value: PaperSize; label: string }[] = [
  { value: 'letter', label: 'Letter' },
  { value: 'a4', label: 'A4' },
];

export const SHEET_FONTS: { value: SheetFont; label: string }[] = [
  { value: 'default', label: 'Default' },
  { value: 'sans', label: 'Sans' },
  { value: 'hyperlegible', label: 'Atkinson Hyperlegible' },
];

/** Countries that print on Letter (CLDR's paper-size data); everywhere else uses A4. */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'BZ', 'CL', 'CO', 'CR', 'GT', 'NI', 'PA', 'PH', 'PR', 'SV', 'VE']);

/** The paper a browser's locale ("en-US", "fr", "es-MX") prints on. */
export function paperForLocale(locale: string | undefined): PaperSize {
  if (!locale) return 'letter';
  let region: string | undefined;
  try {
    // "en" alone means en-US, "fr" fr-FR: the likeliest region of the language.
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    return 'letter';
  }
  return region && !LETTER_REGIONS.has(region) ? 'a4' : 'letter';
}

const STORAGE_KEY = 'sheetsmith.printSettings';

function isPaper(v: unknown): v is PaperSize {
  return v === 'letter' || v === 'a4';
}

function isFont(v: unknown): v is SheetFont {
  return v === 'default' || v === 'sans' || v === 'hyperlegible';
}

/** The teacher's remembered print settings; what was never chosen comes from the locale. */
export function loadPrintSettings(storage: Pick<Storage, 'getItem'>, locales: readonly string[]): PrintSettings {
  const first: PrintSettings = { paperSize: paperForLocale(locales[0]), largePrint: false, font: 'default' };
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') saved = parsed as Record<string, unknown>;
  } catch {
    // a value another version wrote: start from the locale
  }
  return {
    paperSize: isPaper(saved.paperSize) ? saved.paperSize : first.paperSize,
    largePrint: typeof saved.largePrint === 'boolean' ? saved.largePrint : first.largePrint,
    font: isFont(saved.font) ? saved.font : first.font,
  };
}

/** Remembers the print settings as the teacher's defaults for new sheets in this browser. */
export function rememberPrintSettings(storage: Pick<Storage, 'setItem'>, s: PrintSettings): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ paperSize: s.paperSize, largePrint: s.largePrint, font: s.font }));
  } catch {
    // storage full or refused: the settings still apply to this sheet
  }
}

/**
 * The print settings a saved sheet was made with, read from the lines the server writes into
 * its preamble (worksheet.SourcePrint on the server reads the same ones).
 */
export function printSettingsOf(latexCode: string): PrintSettings {
  const font: SheetFont = latexCode.includes('\\renewcommand\\familydefault{ssatk}')
    ? 'hyperlegible'
    : latexCode.includes('{helvet}\n\\renewcommand\\familydefault{\\sfdefault}')
      ? 'sans'
      : 'default';
  const largePrint = latexCode.includes('\\renewcommand\\normalsize{\\fontsize{18}{23}\\selectfont}');
  return {
    paperSize: latexCode.includes('\\usepackage[a4paper,') ? 'a4' : 'letter',
    largePrint,
    // Large print sets a sans face of its own; the teacher's face is the default one then.
    font: largePrint && font === 'sans' ? 'default' : font,
  };
}

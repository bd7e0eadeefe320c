// The generator's entities (spec §3): preferences and chat messages.
import type { PaperSize, SheetFont } from './print-settings';

export type GeneratorPreferences = {
  documentTitle: string;
  showNameField: boolean;
  showDateField: boolean;
  showPeriodField: boolean;
  showInstructorField: boolean;
  /** Always true: sent, never shown. */
  useNarrowMargins: true;
  /** The settings that print (see print-settings.ts). */
  paperSize: PaperSize;
  largePrint: boolean;
  font: SheetFont;
};

/** The Document Settings a request's own words can also set ("on A4", "large print"). */
export type PrintSettingName = 'paperSize' | 'largePrint' | 'font';
export const PRINT_SETTING_NAMES: readonly PrintSettingName[] = ['paperSize', 'largePrint', 'font'];

export const DEFAULT_PREFERENCES: GeneratorPreferences = {
  documentTitle: '',
  showNameField: true,
  showDateField: true,
  showPeriodField: true,
  showInstructorField: false,
  useNarrowMargins: true,
  paperSize: 'letter',
  largePrint: false,
  font: 'default',
};

export type ChatRole = 'user' | 'assistant';

export type ChatMessage = {
  role: ChatRole;
  content: string;
  /** The document this assistant message produced or loaded. */
  latexCode?: string;
};

/** Spec §9: up to 15 edits per document. */
export const MAX_EDITS = 15;

/** A saved worksheet as the generator opens it (GET /worksheet/{id}). */
export type LoadedWorksheet = {
  id: string;
  title: string;
  latexCode: string;
  template: string;
  downloaded: boolean;
  editsLeft: number;
};

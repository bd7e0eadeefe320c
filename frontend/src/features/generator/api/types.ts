// The generator's entities (spec §3): preferences and chat messages.

export type GeneratorPreferences = {
  documentTitle: string;
  showNameField: boolean;
  showDateField: boolean;
  showPeriodField: boolean;
  showInstructorField: boolean;
  /** Always true: sent, never shown. */
  useNarrowMargins: true;
};

export const DEFAULT_PREFERENCES: GeneratorPreferences = {
  documentTitle: '',
  showNameField: true,
  showDateField: true,
  showPeriodField: true,
  showInstructorField: false,
  useNarrowMargins: true,
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

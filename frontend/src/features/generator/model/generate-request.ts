import type { ChatMessage, GeneratorPreferences, PrintSettingName } from './types';

export type GenerateRequest = {
  prompt: string;
  /** chosenAfterPrompt: the print settings chosen after the request was typed (sent when any). */
  preferences: GeneratorPreferences & { chosenAfterPrompt?: PrintSettingName[] };
  chatHistory: ChatMessage[];
  template: string;
  worksheetId?: string;
};

/** The server accepts at most 60 history entries; stay well below. */
export const MAX_HISTORY = 40;

/**
 * The chat as the server expects it: role, content, and latexCode on the assistant entries that
 * carry a document. Only the most recent messages are kept, but the current document (the last
 * entry with latexCode) always stays in, so follow-up edits still see it.
 */
export function toChatHistory(messages: ChatMessage[], limit = MAX_HISTORY): ChatMessage[] {
  const entries = messages.map((m): ChatMessage =>
    m.role === 'assistant' && m.latexCode ? { role: m.role, content: m.content, latexCode: m.latexCode } : { role: m.role, content: m.content },
  );
  if (entries.length <= limit) return entries;
  const recent = entries.slice(entries.length - limit);
  if (recent.some((m) => m.latexCode)) return recent;
  const current = [...entries].reverse().find((m) => m.latexCode);
  return current ? [current, ...recent.slice(1)] : recent;
}

export function buildGenerateRequest(input: {
  prompt: string;
  preferences: GeneratorPreferences;
  /** The chat before this prompt. */
  history: ChatMessage[];
  template: string;
  worksheetId?: string | null;
  /** The print settings chosen in Document Settings after the request was typed. */
  chosenAfterPrompt?: PrintSettingName[];
}): GenerateRequest {
  const request: GenerateRequest = {
    prompt: input.prompt.trim(),
    preferences: { ...input.preferences, documentTitle: input.preferences.documentTitle.trim(), useNarrowMargins: true },
    chatHistory: toChatHistory(input.history),
    template: input.template || 'default',
  };
  if (input.worksheetId) request.worksheetId = input.worksheetId;
  if (input.chosenAfterPrompt?.length) request.preferences.chosenAfterPrompt = [...input.chosenAfterPrompt];
  return request;
}

export const TITLE_REQUIRED_MESSAGE = 'Please enter a Document Title before generating.';

/** The form error for the title, or null when generating may start. */
export function documentTitleError(documentTitle: string): string | null {
  return documentTitle.trim() ? null : TITLE_REQUIRED_MESSAGE;
}

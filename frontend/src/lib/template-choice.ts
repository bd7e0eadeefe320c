// The template the teacher chose on the Templates page, remembered in browser storage (spec §3)
// for the generator to use.

export type Template = {
  id: string;
  name: string;
  description?: string;
  icon?: string;
  promptInstructions?: string;
};

export const SELECTED_TEMPLATE_KEY = 'selectedTemplate';
export const TEMPLATE_DATA_KEY = 'currentTemplateData';

/** Remembers the chosen template for the generator. */
export function storeSelectedTemplate(template: Template): void {
  localStorage.setItem(SELECTED_TEMPLATE_KEY, template.id);
  localStorage.setItem(TEMPLATE_DATA_KEY, JSON.stringify(template));
}

export function storedTemplateId(): string | null {
  return localStorage.getItem(SELECTED_TEMPLATE_KEY);
}

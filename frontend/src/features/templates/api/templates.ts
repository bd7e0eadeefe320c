import { pb } from '@/lib/pocketbase';

export type Template = {
  id: string;
  name: string;
  description?: string;
  icon?: string;
  promptInstructions?: string;
};

export const SELECTED_TEMPLATE_KEY = 'selectedTemplate';
export const TEMPLATE_DATA_KEY = 'currentTemplateData';

export async function fetchTemplates(): Promise<Template[]> {
  const records = await pb.collection('templates').getFullList();
  // Order by the admin's `sort` number when present, then by name.
  const ordered = [...records].sort(
    (a, b) => (Number(a.sort) || 0) - (Number(b.sort) || 0) || String(a.name).localeCompare(String(b.name)),
  );
  return ordered.map((r) => ({
    id: r.id,
    name: String(r.name ?? ''),
    description: r.description,
    icon: r.icon,
    promptInstructions: r.promptInstructions,
  }));
}

/** Remembers the chosen template for the generator (browser storage of spec §3). */
export function storeSelectedTemplate(template: Template): void {
  localStorage.setItem(SELECTED_TEMPLATE_KEY, template.id);
  localStorage.setItem(TEMPLATE_DATA_KEY, JSON.stringify(template));
}

export function storedTemplateId(): string | null {
  return localStorage.getItem(SELECTED_TEMPLATE_KEY);
}

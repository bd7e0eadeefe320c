import { SELECTED_TEMPLATE_KEY, TEMPLATE_DATA_KEY, type Template } from '@/lib/template-choice';

export type TemplateInUse = { id: string; name: string };

const BUILT_IN_NAMES: Record<string, string> = { default: 'Standard Worksheet', exam: 'Exam Format' };

function nameFor(id: string, known?: Partial<Template> | null): string {
  if (known?.id === id && typeof known.name === 'string' && known.name.trim()) return known.name;
  return BUILT_IN_NAMES[id] ?? id;
}

function storedTemplateData(storage: Pick<Storage, 'getItem'>): Partial<Template> | null {
  try {
    const value = JSON.parse(storage.getItem(TEMPLATE_DATA_KEY) ?? 'null');
    return value && typeof value === 'object' ? (value as Partial<Template>) : null;
  } catch {
    return null;
  }
}

/**
 * The template the generator uses: the one the Templates page passed in navigation state, else
 * the id remembered in browser storage (selectedTemplate), else default.
 */
export function templateInUse(navigationTemplate: unknown, storage: Pick<Storage, 'getItem'>): TemplateInUse {
  const passed = navigationTemplate as Partial<Template> | null | undefined;
  if (passed && typeof passed.id === 'string' && passed.id) return { id: passed.id, name: nameFor(passed.id, passed) };
  const id = storage.getItem(SELECTED_TEMPLATE_KEY)?.trim() || 'default';
  return { id, name: nameFor(id, storedTemplateData(storage)) };
}

/** A saved worksheet keeps the template it was made with. */
export function templateById(id: string, storage: Pick<Storage, 'getItem'>): TemplateInUse {
  return { id, name: nameFor(id, storedTemplateData(storage)) };
}

import { describe, expect, it } from 'vitest';
import { templateById, templateInUse } from './template-in-use';

function storage(values: Record<string, string>) {
  return { getItem: (k: string) => values[k] ?? null };
}

describe('the template in use', () => {
  it('prefers the template passed by the Templates page', () => {
    expect(templateInUse({ id: 'exam', name: 'Exam Format' }, storage({ selectedTemplate: 'default' }))).toEqual({ id: 'exam', name: 'Exam Format' });
  });
  it('uses the remembered selectedTemplate with its stored name', () => {
    const s = storage({ selectedTemplate: 'spelling', currentTemplateData: JSON.stringify({ id: 'spelling', name: 'Spelling Test' }) });
    expect(templateInUse(null, s)).toEqual({ id: 'spelling', name: 'Spelling Test' });
  });
  it('falls back to the Standard Worksheet', () => {
    expect(templateInUse(undefined, storage({ currentTemplateData: '{broken' }))).toEqual({ id: 'default', name: 'Standard Worksheet' });
  });
  it('names a saved worksheet’s template', () => {
    expect(templateById('exam', storage({}))).toEqual({ id: 'exam', name: 'Exam Format' });
    expect(templateById('custom', storage({}))).toEqual({ id: 'custom', name: 'custom' });
  });
});

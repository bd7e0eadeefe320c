import { pb } from '@/lib/pocketbase';
import type { Template } from '@/lib/template-choice';

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

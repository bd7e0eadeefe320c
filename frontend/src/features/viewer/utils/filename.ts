/** Spec §7: the title in lower case, every non-alphanumeric character an underscore, then .pdf. */
export function pdfFileName(title: string | undefined | null, fallback: 'worksheet' | 'answer_key'): string {
  const trimmed = (title ?? '').trim();
  if (!trimmed) return `${fallback}.pdf`;
  return `${trimmed.toLowerCase().replace(/[^a-z0-9]/g, '_')}.pdf`;
}

/** An answer key downloads as {title}_answer_key.pdf by the same rule, answer_key.pdf without a title. */
export function answerKeyFileName(title: string | undefined | null): string {
  const trimmed = (title ?? '').trim();
  return trimmed ? pdfFileName(`${trimmed} answer key`, 'answer_key') : 'answer_key.pdf';
}

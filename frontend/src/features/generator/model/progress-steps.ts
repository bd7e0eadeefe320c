/**
 * Adds a streamed progress line to the steps shown. A repeated line is shown once, and a line
 * that only updates a count ("Writing… 12 lines" after "Writing… 8 lines") replaces the last one.
 */
export function addProgressStep(steps: string[], line: string): string[] {
  const text = line.trim();
  if (!text) return steps;
  const last = steps[steps.length - 1];
  if (last === undefined) return [text];
  if (last === text) return steps;
  const shape = (s: string) => s.replace(/\d+/g, '#');
  if (shape(last) === shape(text)) return [...steps.slice(0, -1), text];
  return [...steps, text];
}

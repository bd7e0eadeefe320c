import type { GeneratorPhase } from '../api/use-generator';

/** What the server reported while generating (streamed progress lines); stays after it is done. */
export function GenerationProgress({ phase, steps }: { phase: GeneratorPhase; steps: string[] }) {
  const running = phase === 'generating';
  if (!running && steps.length === 0) return null;
  const shown = running && steps.length === 0 ? ['Sending your request…'] : steps;
  return (
    <div role="status" aria-live="polite" data-testid="generation-progress" className="rounded-box bg-base-200 p-3 text-sm">
      <ul className="flex flex-col gap-1">
        {shown.map((step, i) => {
          const current = running && i === shown.length - 1;
          return (
            <li key={i} className="flex items-center gap-2">
              {current ? <span className="loading loading-spinner loading-xs" /> : <span aria-hidden="true">✓</span>}
              <span className={current ? '' : 'text-base-content/70'}>{step}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

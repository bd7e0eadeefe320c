import type { GeneratorPhase } from '../model/generator-state';

export type ProgressOutcome = 'running' | 'done' | 'failed';

/**
 * What the server reported while generating (streamed progress lines); stays after it is done.
 * A finished step has ✓, the step that failed ✗. It is a live region: screen readers hear
 * each new step and the outcome.
 */
export function GenerationProgress({ phase, steps, failed }: { phase: GeneratorPhase; steps: string[]; failed: boolean }) {
  const running = phase === 'generating';
  if (!running && steps.length === 0) return null;
  const shown = running && steps.length === 0 ? ['Sending your request…'] : steps;
  return (
    <div role="status" aria-live="polite" data-testid="generation-progress" className="rounded-box bg-base-200 p-3 text-sm">
      <ul className="flex flex-col gap-1">
        {shown.map((step, i) => {
          const last = i === shown.length - 1;
          const current = running && last;
          const failedStep = failed && !running && last;
          return (
            <li key={i} className="flex items-center gap-2" data-state={current ? 'running' : failedStep ? 'failed' : 'done'}>
              {current ? (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              ) : failedStep ? (
                <span aria-hidden="true" className="text-error font-bold">✗</span>
              ) : (
                <span aria-hidden="true">✓</span>
              )}
              <span className={current || failedStep ? '' : 'text-base-content/80'}>{step}</span>
              {failedStep && <span className="sr-only">(failed)</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

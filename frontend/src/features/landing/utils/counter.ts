// Landing counter (spec §9): animates to 55,000 in 2.2 seconds in steps of 100.
export const COUNTER_TARGET = 55_000;
export const COUNTER_DURATION_MS = 2_200;
export const COUNTER_STEP = 100;

/** The value shown after elapsedMs: always a multiple of the step, reaching the target at the end. */
export function counterValueAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 0;
  if (elapsedMs >= COUNTER_DURATION_MS) return COUNTER_TARGET;
  const steps = COUNTER_TARGET / COUNTER_STEP;
  return Math.floor((elapsedMs / COUNTER_DURATION_MS) * steps) * COUNTER_STEP;
}

export function formatCounter(value: number): string {
  return `${value.toLocaleString('en-US')}+`;
}

import { useEffect, useState } from 'react';
import { counterValueAt, COUNTER_DURATION_MS } from '../utils/counter';

/** Animates the landing counter once, frame by frame, from the time the page appears. */
export function useCounter(): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const elapsed = now - start;
      setValue(counterValueAt(elapsed));
      if (elapsed < COUNTER_DURATION_MS) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, []);
  return value;
}

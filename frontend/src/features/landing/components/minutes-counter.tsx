import { formatCounter } from '../utils/counter';
import { useCounter } from '../hooks/use-counter';

export function MinutesCounter() {
  const value = useCounter();
  return (
    <div className="stats shadow bg-base-100 max-w-full">
      <div className="stat place-items-center min-w-0">
        <div className="stat-value text-primary" data-testid="minutes-saved">{formatCounter(value)}</div>
        <div className="stat-desc text-base whitespace-normal">minutes saved by teachers and parents</div>
      </div>
    </div>
  );
}

import { useAuth } from '@/lib/auth';
import { checkoutUrl, usePublicConfig, type Plan } from '@/lib/public-config';

export const PLAN_FEATURES = [
  'Unlimited generations',
  'Unlimited answer keys',
  'Unlimited cloud storage',
  'Up to 15 edits per document',
  'Templates',
];

type PlanCard = { plan: Plan; name: string; price: string; note: string; badge?: string };

const PLANS: PlanCard[] = [
  { plan: 'monthly', name: 'Monthly', price: '$7.99', note: 'per month' },
  { plan: 'annual', name: 'Annual', price: '$4.00', note: 'per month, billed annually', badge: '50% off' },
];

/** The two plans with their buttons: checkout in a new tab, or the sign-in overlay when signed out. */
export function PlanCards({ onSignInNeeded, headingLevel = 3 }: { onSignInNeeded: () => void; headingLevel?: 2 | 3 }) {
  const { user } = useAuth();
  const config = usePublicConfig();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  function buttonFor(plan: Plan) {
    const label = `Choose ${plan === 'monthly' ? 'Monthly' : 'Annual'}`;
    if (!user) {
      return <button type="button" className="btn btn-primary w-full" onClick={onSignInNeeded}>{label}</button>;
    }
    if (!config) {
      return <button type="button" className="btn btn-primary w-full" disabled>Loading…</button>;
    }
    const url = checkoutUrl(config.checkoutLinks?.[plan], user.id);
    if (!url) {
      return <button type="button" className="btn w-full" disabled>Purchasing is not available right now</button>;
    }
    return (
      <button type="button" className="btn btn-primary w-full" onClick={() => window.open(url, '_blank', 'noopener')}>
        {label}
      </button>
    );
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      {PLANS.map((p) => (
        <div key={p.plan} className="card bg-base-100 shadow" data-testid={`plan-${p.plan}`}>
          <div className="card-body gap-4">
            <Heading className="card-title">
              {p.name}
              {p.badge && <span className="badge badge-secondary">{p.badge}</span>}
            </Heading>
            <p>
              <span className="text-4xl font-bold">{p.price}</span> <span className="text-base-content/80">{p.note}</span>
            </p>
            <ul className="list-disc pl-5">
              {PLAN_FEATURES.map((f) => <li key={f}>{f}</li>)}
            </ul>
            {buttonFor(p.plan)}
          </div>
        </div>
      ))}
    </div>
  );
}

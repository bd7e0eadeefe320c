import { useAuth } from '@/lib/auth';
import { checkoutUrl, usePublicConfig, type Plan } from '../api/config';

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

export function PricingSection({ onSignInNeeded }: { onSignInNeeded: () => void }) {
  const { user } = useAuth();
  const config = usePublicConfig();

  function buttonFor(plan: Plan) {
    if (!user) {
      return <button type="button" className="btn btn-primary w-full" onClick={onSignInNeeded}>Choose {plan === 'monthly' ? 'Monthly' : 'Annual'}</button>;
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
        Choose {plan === 'monthly' ? 'Monthly' : 'Annual'}
      </button>
    );
  }

  return (
    <section id="pricing" className="py-16 px-6 bg-base-200">
      <div className="max-w-4xl mx-auto flex flex-col gap-8">
        <h2 className="text-3xl font-bold text-center">Pricing</h2>
        <div className="grid gap-6 md:grid-cols-2">
          {PLANS.map((p) => (
            <div key={p.plan} className="card bg-base-100 shadow" data-testid={`plan-${p.plan}`}>
              <div className="card-body gap-4">
                <h3 className="card-title">
                  {p.name}
                  {p.badge && <span className="badge badge-secondary">{p.badge}</span>}
                </h3>
                <p>
                  <span className="text-4xl font-bold">{p.price}</span> <span className="text-base-content/70">{p.note}</span>
                </p>
                <ul className="list-disc pl-5">
                  {PLAN_FEATURES.map((f) => <li key={f}>{f}</li>)}
                </ul>
                {buttonFor(p.plan)}
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

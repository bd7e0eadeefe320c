import { PlanCards } from '@/components/plan-cards';

export { PLAN_FEATURES } from '@/components/plan-cards';

export function PricingSection({ onSignInNeeded }: { onSignInNeeded: () => void }) {
  return (
    <section id="pricing" className="py-16 px-4 sm:px-6 bg-base-200">
      <div className="max-w-4xl mx-auto flex flex-col gap-8">
        <h2 className="text-3xl font-bold text-center">Pricing</h2>
        <PlanCards onSignInNeeded={onSignInNeeded} />
      </div>
    </section>
  );
}

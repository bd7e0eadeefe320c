import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PlanCards } from '@/components/plan-cards';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/** Only an active subscription unlocks the generator (spec §4, §6). */
export function SubscriptionGate({ children }: { children: ReactNode }) {
  const { profile, refreshProfile } = useAuth();
  const [checked, setChecked] = useState(false);

  // The profile may still be on its way: ask for it and wait before deciding.
  useEffect(() => {
    let live = true;
    refreshProfile().finally(() => {
      if (live) setChecked(true);
    });
    return () => {
      live = false;
    };
  }, [refreshProfile]);

  if (profile?.subscription_status === 'active') return <>{children}</>;
  if (!checked) return <Spinner label="Checking your subscription…" />;
  return <SubscriptionRequired />;
}

export function SubscriptionRequired() {
  const navigate = useNavigate();
  return (
    <div className="flex-1 flex flex-col items-center gap-6 py-4" data-testid="subscription-required">
      <div className="flex flex-col gap-3 text-center items-center max-w-xl">
        <h2 className="text-2xl font-bold">Subscription Required</h2>
        <p>
          Generating worksheets needs an active subscription. Your saved worksheets, templates and account settings
          stay available without one.
        </p>
        <Link to={paths.pricing} className="link link-primary">See Pricing</Link>
      </div>
      <div className="w-full max-w-4xl">
        <PlanCards headingLevel={3} onSignInNeeded={() => navigate(paths.login)} />
      </div>
    </div>
  );
}

import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
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
  return (
    <div className="flex-1 flex items-center justify-center">
      <div className="card bg-base-100 shadow max-w-lg" data-testid="subscription-required">
        <div className="card-body gap-4 text-center items-center">
          <h2 className="card-title text-2xl">Subscription Required</h2>
          <p className="text-base-content/80">
            Generating worksheets needs an active subscription. Your saved worksheets, templates and account settings
            stay available without one.
          </p>
          <Link to={paths.pricing} className="btn btn-primary">See Pricing</Link>
        </div>
      </div>
    </div>
  );
}

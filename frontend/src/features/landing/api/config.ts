import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';

export type Plan = 'monthly' | 'annual';
export type PublicConfig = {
  engine?: string;
  checkoutLinks?: Partial<Record<Plan, string>>;
  prices?: Partial<Record<Plan, string>>;
};

/** The public configuration (GET /api/config); null while loading or if unavailable. */
export function usePublicConfig(): PublicConfig | null {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => {
    let active = true;
    apiRequest<PublicConfig>('/api/config')
      .then((c) => active && setConfig(c))
      .catch(() => active && setConfig({}));
    return () => {
      active = false;
    };
  }, []);
  return config;
}

/** The checkout link with client_reference_id set to the user id; null when no link is configured. */
export function checkoutUrl(link: string | undefined, userId: string): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    url.searchParams.set('client_reference_id', userId);
    return url.toString();
  } catch {
    return null;
  }
}

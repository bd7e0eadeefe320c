import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PasswordRule } from '@/lib/errors';
import { queryKeys } from '@/lib/query-client';

export type Plan = 'monthly' | 'annual';
export type PublicConfig = {
  engine?: string;
  checkoutLinks?: Partial<Record<Plan, string>>;
  prices?: Partial<Record<Plan, string>>;
  /** The users collection's password length rule: sign-up and reset check and show it. */
  password?: PasswordRule;
};

/** The public configuration (GET /api/config); null while loading, {} if unavailable. */
export function usePublicConfig(): PublicConfig | null {
  const query = useQuery({ queryKey: queryKeys.publicConfig, queryFn: () => apiRequest<PublicConfig>('/api/config'), staleTime: Infinity });
  if (query.isError) return {};
  return query.data ?? null;
}

/** The server's password rule; {} while loading or if unavailable (the server still checks). */
export function usePasswordRule(): PasswordRule {
  return usePublicConfig()?.password ?? {};
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

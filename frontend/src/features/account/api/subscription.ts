import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export async function createPortalSession(): Promise<string> {
  const body = await apiRequest<{ portalUrl?: string }>('/api/create-portal-session', { method: 'POST' });
  if (!body.portalUrl) throw new Error('No billing portal address was returned.');
  return body.portalUrl;
}

/** POST /api/create-portal-session: the address of the billing portal. */
export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}

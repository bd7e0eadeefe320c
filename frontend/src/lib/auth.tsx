import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { pb } from './pocketbase';
import { ApiError, apiRequest } from './api-client';
import { queryKeys } from './query-client';

export type User = { id: string; email: string };
export type Session = { access_token: string; refresh_token: string; expires_at: number; user: User };
export type Profile = { subscription_status?: string; stripe_customer_id?: string };

type AuthContextValue = {
  user: User | null;
  session: Session | null;
  profile: Profile | null;
  /** True while the profile of the current user is being fetched. */
  profileLoading: boolean;
  signIn: (email: string, password: string) => Promise<void>;
  signUp: (email: string, password: string, passwordConfirm: string) => Promise<{ user: User | null; session: Session | null }>;
  signOut: () => Promise<void>;
  requestPasswordReset: (email: string) => Promise<void>;
  confirmPasswordReset: (token: string, password: string, passwordConfirm: string) => Promise<void>;
  refreshProfile: () => Promise<void>;
};

const USERS = 'users';
// Session auto-refresh: check every 30 s, refresh when 3 checks remain before expiry.
const REFRESH_CHECK_MS = 30_000;
const REFRESH_MARGIN_CHECKS = 3;
const REFRESH_RETRY_START_MS = 200;
const SIGN_OUT_WAIT_MS = 3000;

function toUser(record: RecordModel | null): User | null {
  if (!record) return null;
  return { id: record.id, email: String(record.email ?? '') };
}

/** Expiry (seconds since epoch) read from the JWT, 0 when unreadable. */
function tokenExpiry(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp === 'number' ? payload.exp : 0;
  } catch {
    return 0;
  }
}

function currentSession(): Session | null {
  const user = toUser(pb.authStore.record);
  if (!pb.authStore.isValid || !user) return null;
  const token = pb.authStore.token;
  // PocketBase tokens are refreshed with themselves: the same token serves as refresh token.
  return { access_token: token, refresh_token: token, expires_at: tokenExpiry(token), user };
}

/** Refreshes the session token, retrying after 200 ms, then 400 ms, 800 ms (spec §9 back-off). */
async function refreshWithBackoff(attempts = 4): Promise<void> {
  let delay = REFRESH_RETRY_START_MS;
  for (let i = 0; i < attempts; i++) {
    try {
      await pb.collection(USERS).authRefresh();
      return;
    } catch (err) {
      // A refused token will not get better by retrying: sign out.
      const status = (err as { status?: number }).status;
      if (status === 401 || status === 403 || status === 404) {
        pb.authStore.clear();
        return;
      }
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}

/** GET /api/user-profile; a session the server no longer accepts (expired, revoked, user deleted) signs out. */
async function fetchProfile(): Promise<Profile | null> {
  try {
    const body = await apiRequest<{ profile?: Profile }>('/api/user-profile');
    return body.profile ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) pb.authStore.clear();
    throw err;
  }
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  // PocketBase reads the stored session synchronously, so it is known from the first render.
  const [session, setSession] = useState<Session | null>(currentSession);
  const userId = session?.user.id ?? null;
  const profileQuery = useQuery({
    queryKey: queryKeys.profile(userId),
    queryFn: fetchProfile,
    enabled: userId !== null,
  });
  const profile = (userId !== null && profileQuery.data) || null;
  const profileLoading = userId !== null && profileQuery.isPending;

  // Every change of sign-in state updates the session (and so the profile asked for).
  useEffect(() => {
    let lastUserId = pb.authStore.record?.id ?? null;
    return pb.authStore.onChange(() => {
      // Another user (or none): nothing of the previous user's server state may show.
      const nextId = pb.authStore.record?.id ?? null;
      if (nextId !== lastUserId) client.clear();
      lastUserId = nextId;
      setSession(currentSession());
    });
  }, [client]);

  /** Fetches the signed-in user's profile again (after a checkout, say). */
  const refreshProfile = useCallback(async () => {
    await client.refetchQueries({ queryKey: queryKeys.profile(pb.authStore.record?.id ?? null), type: 'active' });
  }, [client]);

  // Keep the session alive while the app is open.
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (!pb.authStore.isValid) return;
      const secondsLeft = tokenExpiry(pb.authStore.token) - Date.now() / 1000;
      if (secondsLeft * 1000 < REFRESH_CHECK_MS * REFRESH_MARGIN_CHECKS) {
        void refreshWithBackoff();
      }
    }, REFRESH_CHECK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const signIn = useCallback(async (email: string, password: string) => {
    await pb.collection(USERS).authWithPassword(email, password);
  }, []);

  const signUp = useCallback(async (email: string, password: string, passwordConfirm: string) => {
    await pb.collection(USERS).create({ email, password, passwordConfirm });
    try {
      await pb.collection(USERS).authWithPassword(email, password);
    } catch {
      // The account exists but cannot sign in yet (for example: e-mail not confirmed).
      return { user: null, session: null };
    }
    const s = currentSession();
    return { user: s?.user ?? null, session: s };
  }, []);

  const signOut = useCallback(async () => {
    try {
      // The server ends the PDF links this account was given; then the token is forgotten.
      // A server that does not answer within a few seconds does not hold the user here.
      const call = apiRequest('/api/sign-out', { method: 'POST' }).catch(() => undefined);
      await Promise.race([call, new Promise((r) => setTimeout(r, SIGN_OUT_WAIT_MS))]);
    } finally {
      // Forgotten even if the sign-out call failed; the session and profile go with it.
      pb.authStore.clear();
      setSession(null);
    }
  }, []);

  const requestPasswordReset = useCallback(async (email: string) => {
    await pb.collection(USERS).requestPasswordReset(email);
  }, []);

  const confirmPasswordReset = useCallback(async (token: string, password: string, passwordConfirm: string) => {
    await pb.collection(USERS).confirmPasswordReset(token, password, passwordConfirm);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session?.user ?? null,
      session,
      profile,
      profileLoading,
      signIn,
      signUp,
      signOut,
      requestPasswordReset,
      confirmPasswordReset,
      refreshProfile,
    }),
    [session, profile, profileLoading, signIn, signUp, signOut, requestPasswordReset, confirmPasswordReset, refreshProfile],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { RecordModel } from 'pocketbase';
import { pb } from './pocketbase';
import { ApiError, apiRequest } from './api-client';
import { queryClient } from './query-client';

export type User = { id: string; email: string };
export type Session = { access_token: string; refresh_token: string; expires_at: number; user: User };
export type Profile = { subscription_status?: string; stripe_customer_id?: string };

type AuthContextValue = {
  loading: boolean;
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

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(true);
  const [session, setSession] = useState<Session | null>(null);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [profileLoading, setProfileLoading] = useState(() => pb.authStore.isValid);

  const fetchProfile = useCallback(async () => {
    if (!pb.authStore.isValid) {
      setProfile(null);
      setProfileLoading(false);
      return;
    }
    setProfileLoading(true);
    try {
      const body = await apiRequest<{ profile?: Profile }>('/api/user-profile');
      setProfile(body.profile ?? null);
    } catch (err) {
      setProfile(null);
      // The server no longer accepts this session (expired, revoked, user deleted): sign out.
      if (err instanceof ApiError && err.status === 401) pb.authStore.clear();
    } finally {
      setProfileLoading(false);
    }
  }, []);

  // Every change of sign-in state refreshes the session and refetches the profile.
  useEffect(() => {
    setSession(currentSession());
    setLoading(false);
    void fetchProfile();
    let userId = pb.authStore.record?.id ?? null;
    return pb.authStore.onChange(() => {
      // Another user (or none): nothing of the previous user's server state may show.
      const nextId = pb.authStore.record?.id ?? null;
      if (nextId !== userId) queryClient.clear();
      userId = nextId;
      setSession(currentSession());
      void fetchProfile();
    });
  }, [fetchProfile]);

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
      pb.authStore.clear();
    } finally {
      // Clear everything even if the sign-out call failed.
      setSession(null);
      setProfile(null);
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
      loading,
      user: session?.user ?? null,
      session,
      profile,
      profileLoading,
      signIn,
      signUp,
      signOut,
      requestPasswordReset,
      confirmPasswordReset,
      refreshProfile: fetchProfile,
    }),
    [loading, session, profile, profileLoading, signIn, signUp, signOut, requestPasswordReset, confirmPasswordReset, fetchProfile],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}

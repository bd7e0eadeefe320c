export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  templates: '/templates',
  account: '/account',
  generator: '/app',
  pricing: '/#pricing',
  viewWorksheet: (id: string) => `/view-worksheet/${encodeURIComponent(id)}`,
  viewAnswerKey: (id: string) => `/view-answer-key/${encodeURIComponent(id)}`,
} as const;

export type Overlay = 'login' | 'signup' | 'forgot';

// Navigation state understood by the landing page (overlays) and the sign-in form (return path).
export type AppLocationState = {
  overlay?: Overlay;
  message?: string;
  from?: string;
  refresh?: boolean;
} | null;

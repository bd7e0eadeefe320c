import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths, type AppLocationState, type Overlay } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AppFooter } from '@/components/layouts/app-footer';
import { MinutesCounter } from './minutes-counter';
import { PricingSection } from './pricing-section';

const OVERLAY_TITLES: Record<Overlay, string> = { login: 'Log In', signup: 'Sign Up', forgot: 'Forgot Password' };

const FAQ = [
  {
    q: 'What does Sheetsmith make?',
    a: 'Describe the worksheet you want in plain language and Sheetsmith writes it and gives you a print-ready PDF, plus an answer key for every saved worksheet.',
  },
  {
    q: 'Can I edit a worksheet after downloading it?',
    a: 'No. Once a PDF has been downloaded, the worksheet can no longer be edited. Before that, you can make up to 15 edits per document.',
  },
  {
    q: 'Do I need a subscription?',
    a: 'Generating worksheets needs an active subscription. Viewing your saved worksheets, templates and account settings does not.',
  },
  {
    q: 'Where are my worksheets stored?',
    a: 'Saved worksheets are kept in your personal dashboard in the cloud, so you can open and download them again later.',
  },
];

export type AuthOverlayProps = { overlay: Overlay; message?: string; returnTo?: string; onClose: () => void };

/**
 * The landing page. The sign-in dialog belongs to the auth feature: the route passes it in
 * (renderAuth), so that features meet only in app/.
 */
export function LandingPage({ renderAuth }: { renderAuth: (props: AuthOverlayProps) => ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as AppLocationState;
  // /login, /signup and /forgot-password arrive here with the overlay to open; a button opens
  // one on the page as it is (a new navigation brings its own).
  const [chosen, setChosen] = useState<{ on: string; overlay: Overlay | null } | null>(null);
  const overlay = chosen?.on === location.key ? chosen.overlay : state?.overlay ?? null;
  const setOverlay = (next: Overlay | null) => setChosen({ on: location.key, overlay: next });
  useDocumentTitle(overlay ? OVERLAY_TITLES[overlay] : '');

  useEffect(() => {
    if (!location.hash) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [location.hash, location.key]);

  function closeOverlay() {
    setOverlay(null);
    navigate(location.pathname + location.hash, { replace: true, state: null });
  }

  return (
    <div className="min-h-screen flex flex-col">
      <div className="bg-secondary text-secondary-content text-center py-2 px-4 font-medium" data-testid="promotion">
        Spring promotion: 50% off the annual plan!
      </div>
      <header className="navbar bg-base-100 px-4 sm:px-6 gap-x-4 gap-y-1 flex-wrap sticky top-0 z-10 shadow-sm">
        <Link to={paths.home} className="text-2xl font-bold flex-1">Sheetsmith</Link>
        <nav aria-label="Sections" className="flex gap-6 order-last w-full justify-center sm:order-none sm:w-auto sm:gap-4">
          <a href="#about" className="link link-hover">About</a>
          <a href="#pricing" className="link link-hover">Pricing</a>
          <a href="#faq" className="link link-hover">FAQ</a>
        </nav>
        {user ? (
          <Link to={paths.dashboard} className="btn btn-primary btn-sm">Go to App</Link>
        ) : (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setOverlay('login')}>Log In / Sign Up</button>
        )}
      </header>

      <section className="hero py-16 sm:py-20 px-2 sm:px-6">
        <div className="hero-content text-center flex-col gap-6 max-w-3xl w-full min-w-0 px-2">
          <h1 className="text-3xl sm:text-5xl font-bold">AI worksheets for teachers and parents</h1>
          <p className="text-lg">
            Describe the worksheet you need in plain language. Sheetsmith writes it, typesets it and hands you a print-ready PDF with an answer key.
          </p>
          {user ? (
            <Link to={paths.generator} className="btn btn-primary btn-lg">Get Started</Link>
          ) : (
            <button type="button" className="btn btn-primary btn-lg" onClick={() => setOverlay('signup')}>Get Started</button>
          )}
          <MinutesCounter />
        </div>
      </section>

      <section id="about" className="py-16 px-6">
        <div className="max-w-3xl mx-auto flex flex-col gap-4">
          <h2 className="text-3xl font-bold text-center">About</h2>
          <p>
            Sheetsmith is an AI-powered worksheet generator. Write a description such as “20 two-digit addition problems for grade 2” and get a clean,
            printable worksheet in seconds. Templates shape the layout, every saved worksheet can have an answer key, and your worksheets are stored in
            your personal dashboard.
          </p>
          <p className="font-medium">
            Please note: once a PDF has been downloaded, the worksheet can no longer be edited. Until then you can make up to 15 edits per document.
          </p>
        </div>
      </section>

      <PricingSection onSignInNeeded={() => setOverlay('login')} />

      <section id="faq" className="py-16 px-6">
        <div className="max-w-3xl mx-auto flex flex-col gap-4">
          <h2 className="text-3xl font-bold text-center">FAQ</h2>
          {FAQ.map((item) => (
            <div key={item.q} className="collapse collapse-arrow bg-base-200">
              <input type="checkbox" aria-label={item.q} />
              <div className="collapse-title font-semibold">{item.q}</div>
              <div className="collapse-content"><p>{item.a}</p></div>
            </div>
          ))}
        </div>
      </section>

      <AppFooter />

      {overlay && renderAuth({ overlay, message: state?.message, returnTo: state?.from, onClose: closeOverlay })}
    </div>
  );
}

import { useId, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { AppFooter } from './app-footer';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

/** The sidebar; below the md breakpoint it folds into a Menu button at the top. */
export function SidebarLayout() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // The phone menu is open on the page where it was opened: a chosen page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.pathname;
  const menuId = useId();

  async function handleSignOut() {
    try {
      await signOut();
    } finally {
      navigate(paths.home);
    }
  }

  return (
    <div className="min-h-screen flex flex-col">
      <div className="flex flex-1 flex-col md:flex-row min-w-0">
        <aside className="md:w-64 bg-base-200 p-4 flex flex-col gap-4 shrink-0">
          <div className="flex items-center justify-between gap-2">
            <span className="text-xl font-bold px-2">Sheetsmith</span>
            <button
              type="button"
              className="btn btn-ghost btn-sm md:hidden"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setOpenOn(menuOpen ? null : location.pathname)}
            >
              <span aria-hidden="true">☰</span> Menu
            </button>
          </div>
          <div id={menuId} className={`${menuOpen ? 'flex' : 'hidden'} md:flex flex-col gap-4 flex-1`}>
            <nav aria-label="Main">
              <ul className="menu w-full p-0">
                <li><NavLink to={paths.generator} className={linkClass}>New Worksheet</NavLink></li>
                <li><NavLink to={paths.dashboard} className={linkClass}>Worksheets</NavLink></li>
                <li><NavLink to={paths.templates} className={linkClass}>Templates</NavLink></li>
                <li><NavLink to={paths.account} className={linkClass}>Account Settings</NavLink></li>
              </ul>
            </nav>
            <div className="mt-auto flex flex-col gap-2 px-2">
              <span className="text-sm break-all" data-testid="sidebar-email">{user?.email}</span>
              <button type="button" className="btn btn-outline btn-sm" onClick={handleSignOut}>Sign Out</button>
            </div>
          </div>
        </aside>
        <main className="flex-1 min-w-0 p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
      <AppFooter />
    </div>
  );
}

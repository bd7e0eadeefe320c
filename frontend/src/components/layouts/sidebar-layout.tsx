import { NavLink, Outlet, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { AppFooter } from './app-footer';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

export function SidebarLayout() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();

  async function handleSignOut() {
    try {
      await signOut();
    } finally {
      navigate(paths.home);
    }
  }

  return (
    <div className="min-h-screen flex flex-col">
      <div className="flex flex-1 flex-col md:flex-row">
        <aside className="md:w-64 bg-base-200 p-4 flex flex-col gap-4">
          <div className="text-xl font-bold px-2">Sheetsmith</div>
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
        </aside>
        <main className="flex-1 p-6 overflow-x-auto">
          <Outlet />
        </main>
      </div>
      <AppFooter />
    </div>
  );
}

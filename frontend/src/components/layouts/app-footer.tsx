import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function AppFooter() {
  return (
    <footer className="footer footer-center p-4 text-sm text-base-content/80 border-t border-base-300">
      <div className="flex flex-wrap gap-4 justify-center">
        <span>© {new Date().getFullYear()} Sheetsmith. All rights reserved.</span>
        <Link className="link link-hover" to={paths.terms}>Terms</Link>
        <Link className="link link-hover" to={paths.privacy}>Privacy</Link>
        <Link className="link link-hover" to={paths.contact}>Contact</Link>
      </div>
    </footer>
  );
}

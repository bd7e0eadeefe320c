import { useDocumentTitle } from '@/hooks/use-document-title';

export default function NotFoundRoute() {
  useDocumentTitle('404 Not Found');
  return <pre style={{ margin: 0, padding: 8, fontFamily: 'monospace' }}>404 Not Found</pre>;
}

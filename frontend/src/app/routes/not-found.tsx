export default function NotFoundRoute() {
  return <pre style={{ margin: 0, padding: 8, fontFamily: 'monospace' }}>404 Not Found</pre>;
}

import { after, before } from 'node:test';
import { startServer } from './server.mjs';
import { launchBrowser } from './browser.mjs';

/**
 * Starts one real server and one browser for the test file, and stops both afterwards.
 * Returns an object whose `server` and `browser` are set once `before` has run.
 */
export function serverAndBrowser(serverOptions) {
  const suite = { server: undefined, browser: undefined };
  before(async () => {
    suite.server = await startServer(serverOptions);
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

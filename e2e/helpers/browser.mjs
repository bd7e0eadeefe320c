// Debian's Chromium through playwright-core; no browser download.
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser() {
  // Playwright gives every launch a fresh temporary user-data-dir.
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh page (contextOptions: e.g. a phone's viewport); with `user` it starts signed in by restoring the PocketBase session, as a returning visitor would be. */
export async function newPage(browser, baseUrl, user, contextOptions = {}) {
  const context = await browser.newContext({ baseURL: baseUrl, acceptDownloads: true, ...contextOptions });
  if (user) {
    const auth = JSON.stringify({ token: user.token, record: user.record });
    await context.addInitScript((value) => {
      // Only once per context, so that signing out stays signed out.
      if (window.localStorage.getItem('e2e_session_restored')) return;
      window.localStorage.setItem('e2e_session_restored', '1');
      window.localStorage.setItem('pocketbase_auth', value);
    }, auth);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

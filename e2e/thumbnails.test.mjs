// Issue 23, item 7: a dashboard of many cold pictures fills in parallel. The browser asks for
// several pictures at once, and the server draws more than one at a time for one user (it keeps
// one drawing slot for everyone else).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const suite = serverAndBrowser();
const SHEETS = 12;

// The superuser helpers/server.mjs creates for every test server.
const SUPERUSER = { identity: 'e2e-admin@example.com', password: 'e2e-admin-password-1' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** POST with the user's token, waiting out 429s as the app does. */
async function post(path, token, body) {
  for (;;) {
    const res = await fetch(`${suite.server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (res.status !== 429) {
      const text = await res.text();
      assert.equal(res.status, 200, `${path}: ${text}`);
      return JSON.parse(text);
    }
    await sleep((Number(res.headers.get('Retry-After')) || 2) * 1000);
  }
}

/** The drawing status a superuser sees (GET /api/sheetsmith/pictures). */
async function pictureStatus() {
  const auth = await fetch(`${suite.server.baseUrl}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(SUPERUSER),
  });
  const { token } = await auth.json();
  const res = await fetch(`${suite.server.baseUrl}/api/sheetsmith/pictures`, { headers: { Authorization: token } });
  assert.equal(res.status, 200, 'the pictures status answers superusers');
  return res.json();
}

test('a dashboard of many cold pictures is drawn in parallel', async () => {
  const user = await suite.server.createUser(uniqueEmail('pictures'), 'pictures-password-1');
  await suite.server.setSubscription(user.id, 'active');
  // Twelve saved sheets, each previewed when it was made (its PDF compiled), none drawn yet.
  for (let i = 1; i <= SHEETS; i++) {
    const latex = `\\documentclass{article}\\begin{document}\\section*{Sheet ${i}}Practice page ${i}: $${i} + ${i} = \\underline{\\hspace{2em}}$\\end{document}`;
    await post('/compile', user.token, { latexCode: latex });
    await suite.server.saveWorksheet(user.token, `Sheet ${i}`, latex);
  }
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  let open = 0;
  let mostOpen = 0;
  let answered = 0;
  const isPicture = (r) => /\/worksheet\/[^/]+\/thumbnail$/.test(new URL(r.url()).pathname);
  page.on('request', (r) => {
    if (isPicture(r)) mostOpen = Math.max(mostOpen, ++open);
  });
  const settle = (r) => {
    if (!isPicture(r)) return;
    open--;
    answered++;
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);

  await page.goto('/dashboard');
  await page.waitForFunction(
    (n) => {
      const imgs = [...document.querySelectorAll('[data-testid="worksheet-row"] [data-testid="thumbnail"] img')];
      return imgs.length === n && imgs.every((i) => i.complete && i.naturalWidth > 0);
    },
    SHEETS,
    { timeout: 90_000 },
  );
  assert.equal(answered, SHEETS, 'one request per picture');
  assert.ok(mostOpen > 1, `the browser asked for ${mostOpen} picture at a time`);

  const after = await pictureStatus();
  assert.equal(after.started, SHEETS, 'every picture drawn once (this server drew nothing else)');
  assert.ok(after.mostAtOnce > 1, `the server drew at most ${after.mostAtOnce} picture at once (of ${after.slots} slots)`);
  assert.ok(after.perUser < after.slots, 'one user never holds every drawing slot');
  await page.context().close();
});

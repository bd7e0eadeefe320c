// Issue 12: while a compile waits in the queue the viewer and the generator say so instead of
// failing. The server runs with one compile slot; another teacher's slow compile holds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const WAITING = 'Waiting for a free compiler…';
const suite = serverAndBrowser({ args: ['--local-workers=1'] });

async function activeUser(prefix) {
  const user = await suite.server.createUser(uniqueEmail(prefix), `${prefix}-password-1`);
  await suite.server.setSubscription(user.id, 'active');
  return user;
}

/** A document that keeps pdflatex busy for a few seconds (a counting loop), unique per call so no cache answers it. */
function slowLatex(tag) {
  return `\\documentclass{article}\\newcount\\n\\begin{document}\\loop\\advance\\n by 1 \\ifnum\\n<10000000 \\repeat Slow ${tag}\\end{document}`;
}

/**
 * Starts a slow compile for a user of its own and resolves once it holds the only slot, to
 * { answer }: its pending response (in an object, or awaiting this would wait for it).
 */
async function holdTheCompiler(tag) {
  const holder = await activeUser('holder');
  const response = fetch(`${suite.server.baseUrl}/compile`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${holder.token}` },
    body: JSON.stringify({ latexCode: slowLatex(tag) }),
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await suite.server.queueStatus();
    if (status.slots === 1 && status.running === 1) break;
    assert.ok(Date.now() < deadline, `the slow compile never ran: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { answer: response };
}

function uniqueSheet(tag) {
  return `\\documentclass{article}\\begin{document}Queue test ${tag}\\end{document}`;
}

test('the viewer says it waits for a free compiler while another compile holds the only slot, then shows the PDF', async () => {
  const teacher = await activeUser('waiter');
  const id = await suite.server.saveWorksheet(teacher.token, 'Queued Sheet', uniqueSheet(`viewer ${Date.now()}`));
  // Straight to the viewer: the dashboard would draw (and so cache) the sheet's thumbnail.
  const page = await newPage(suite.browser, suite.server.baseUrl, teacher);
  const held = await holdTheCompiler(`viewer ${Date.now()}`);
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/sheetsmith/queue/me'));
  await page.goto(`/view-worksheet/${id}`);
  // The loading message changes to the waiting message (a status live region), with no error.
  await page.getByRole('status').filter({ hasText: WAITING }).waitFor({ timeout: 8_000 });
  assert.equal((await (await asked).json()).waiting, true);
  assert.equal(await page.getByTestId('viewer-error').count(), 0);

  // When the slot frees, the sheet compiles and the message goes.
  const holderAnswer = await held.answer;
  assert.equal(holderAnswer.status, 200, await holderAnswer.text());
  await page.locator('iframe').waitFor({ timeout: 30_000 });
  assert.equal(await page.getByText(WAITING).count(), 0);
  assert.equal(await page.getByTestId('viewer-error').count(), 0);
  await page.context().close();
});

test('the generator says it waits for a free compiler while a loaded worksheet waits to compile', async () => {
  const teacher = await activeUser('gen-waiter');
  const id = await suite.server.saveWorksheet(teacher.token, 'Queued In Generator', uniqueSheet(`generator ${Date.now()}`));
  const page = await newPage(suite.browser, suite.server.baseUrl, teacher);
  await page.goto('/templates');
  await page.getByRole('heading', { name: 'Templates' }).first().waitFor();

  const held = await holdTheCompiler(`generator ${Date.now()}`);
  // Open the generator with the worksheet to load, as the dashboard's Edit does.
  await page.evaluate((usr) => {
    window.history.pushState({ usr, key: `e2e${Date.now()}`, idx: 1 }, '', '/app');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, { loadWorksheetId: id });
  await page.waitForURL('**/app');
  const preview = page.getByRole('region', { name: 'PDF preview' });
  await preview.getByRole('status').filter({ hasText: WAITING }).waitFor({ timeout: 8_000 });

  assert.equal((await held.answer).status, 200);
  await page.getByTestId('pdf-preview').waitFor({ timeout: 30_000 });
  assert.equal(await page.getByText(WAITING).count(), 0);
  await page.context().close();
});

test('a full queue (429 with Retry-After) is tried again once after the advised delay while the page says it waits', async () => {
  const teacher = await activeUser('busy');
  const id = await suite.server.saveWorksheet(teacher.token, 'Busy Sheet', uniqueSheet(`busy ${Date.now()}`));
  const page = await newPage(suite.browser, suite.server.baseUrl, teacher);
  // The first /compile finds the queue full; the second reaches the real server.
  let calls = 0;
  const times = [];
  await page.route('**/compile', (route) => {
    calls += 1;
    times.push(Date.now());
    if (calls === 1) {
      return route.fulfill({
        status: 429,
        headers: { 'Retry-After': '2', 'Content-Type': 'application/json' },
        body: JSON.stringify({ success: false, error: 'The compiler queue is full. Please try again in a few seconds.' }),
      });
    }
    return route.continue();
  });
  await page.goto(`/view-worksheet/${id}`);
  await page.getByRole('status').filter({ hasText: WAITING }).waitFor();
  await page.locator('iframe').waitFor({ timeout: 30_000 });
  assert.equal(calls, 2);
  assert.ok(times[1] - times[0] >= 1900, `retried after ${times[1] - times[0]} ms`);
  assert.equal(await page.getByTestId('viewer-error').count(), 0);

  // Full twice (and again after the viewer's own retry): the spec's words.
  await page.unroute('**/compile');
  await page.route('**/compile', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ success: false, error: 'The compiler queue is full.' }),
    }),
  );
  await page.reload();
  await page
    .getByTestId('viewer-error')
    .getByText('Could not load or compile worksheet: Too many requests. Please try again later.')
    .waitFor({ timeout: 15_000 });
  await page.context().close();
});

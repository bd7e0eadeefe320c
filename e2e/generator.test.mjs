import { test } from 'node:test';
import { serverAndBrowser } from './helpers/suite.mjs';
import assert from 'node:assert/strict';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const MONTHLY = 'https://checkout.invalid/monthly';
const ANNUAL = 'https://checkout.invalid/annual';
const suite = serverAndBrowser({ env: { STRIPE_MONTHLY_LINK: MONTHLY, STRIPE_ANNUAL_LINK: ANNUAL } });

async function activeUser(prefix) {
  const user = await suite.server.createUser(uniqueEmail(prefix), `${prefix}-password-1`);
  await suite.server.setSubscription(user.id, 'active');
  return user;
}

/** Opens /app with navigation state, as another screen of the app would (react-router keeps it in history.state.usr). */
async function openGeneratorWith(page, state) {
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'My Worksheets' }).waitFor();
  await page.evaluate((usr) => {
    window.history.pushState({ usr, key: `e2e${Date.now()}`, idx: 1 }, '', '/app');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, state);
  await page.waitForURL('**/app');
}

function chatMessages(page) {
  return page.getByTestId('chat-message');
}

test('an active user types a request, sees progress and the PDF, saves it and finds it on the dashboard', async () => {
  const user = await activeUser('gen');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');

  // Document Settings with their defaults; the template in use is shown.
  const title = page.getByLabel('Document Title');
  await title.waitFor();
  assert.equal(await page.getByLabel('Name field').isChecked(), true);
  assert.equal(await page.getByLabel('Date field').isChecked(), true);
  assert.equal(await page.getByLabel('Period field').isChecked(), true);
  assert.equal(await page.getByLabel('Instructor field').isChecked(), false);
  await page.getByTestId('template-in-use').getByText('Standard Worksheet').waitFor();

  // Generate is disabled while the prompt is blank; Shift+Enter inserts a newline and does not send.
  const generate = page.getByRole('button', { name: 'Generate Worksheet' });
  const prompt = page.getByLabel('Describe your worksheet');
  assert.equal(await generate.isDisabled(), true);
  await prompt.fill('first line');
  await prompt.press('Shift+Enter');
  await prompt.pressSequentially('second line');
  assert.equal(await prompt.inputValue(), 'first line\nsecond line');
  assert.equal(await chatMessages(page).count(), 0);

  // A blank title is refused before anything is sent.
  await generate.click();
  await page.getByRole('alert').filter({ hasText: 'Please enter a Document Title before generating.' }).waitFor();
  assert.equal(await chatMessages(page).count(), 0);

  await title.fill('Addition Practice');
  assert.equal(await page.getByRole('alert').count(), 0); // typing a title clears the message
  await prompt.fill('12 two-digit addition problems for grade 2');
  await prompt.press('Enter');

  await chatMessages(page).filter({ hasText: '12 two-digit addition problems for grade 2' }).waitFor();
  await page.getByTestId('generation-progress').getByText('Reading your request…').waitFor();
  const frame = page.getByTestId('pdf-preview');
  await frame.waitFor({ timeout: 60_000 });
  assert.equal(await prompt.inputValue(), '');
  const assistant = chatMessages(page).and(page.locator('[data-role="assistant"]'));
  assert.equal(await assistant.count(), 1);
  assert.notEqual((await assistant.first().innerText()).trim(), '');
  assert.equal(await page.getByRole('alert').count(), 0);

  // The frame shows a real PDF.
  const pdf = await page.request.get(await frame.getAttribute('src'));
  assert.equal(pdf.status(), 200);
  assert.match(pdf.headers()['content-type'], /application\/pdf/);

  await page.getByRole('button', { name: 'Save To Dashboard' }).click();
  await chatMessages(page).filter({ hasText: 'Worksheet saved to your dashboard.' }).waitFor();
  await page.getByRole('button', { name: 'Saved to Dashboard' }).click();
  await chatMessages(page).filter({ hasText: 'This worksheet is already saved to your dashboard.' }).waitFor();
  const saved = await suite.server.listWorksheets(user.token);
  assert.deepEqual(saved.map((w) => w.document_title), ['Addition Practice']);

  await page.getByRole('button', { name: '← Dashboard' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByTestId('worksheet-row').filter({ hasText: 'Addition Practice' }).waitFor();
  await page.context().close();
});

/** Fills the title and sends a request with Enter. */
async function request(page, text) {
  await page.getByLabel('Document Title').fill('Practice');
  await page.getByLabel('Describe your worksheet').fill(text);
  await page.getByLabel('Describe your worksheet').press('Enter');
}

async function lastAssistantMessage(page) {
  const texts = await page.locator('[data-testid="chat-message"][data-role="assistant"] .chat-bubble').allInnerTexts();
  return texts.at(-1);
}

test('generation errors are shown in the form and as an assistant chat message', async () => {
  const user = await activeUser('errors');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');

  // A request the offline engine cannot serve: the server's failure reaches both places.
  await request(page, 'write me a poem about autumn');
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.equal((await alert.innerText()).trim(), await lastAssistantMessage(page));
  assert.equal(await page.getByTestId('pdf-preview').count(), 0);

  // A failure reported at the end of the stream carries its status (spec §8: 429).
  await page.route('**/generate-latex', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/x-ndjson',
      body: '{"progress":"Reading your request…"}\n{"success":false,"error":"The compiler is busy.","status":429}\n',
    }),
  );
  await request(page, '10 subtraction problems');
  await alert.filter({ hasText: 'Too many requests. Please try again later.' }).waitFor();
  assert.equal(await lastAssistantMessage(page), 'Too many requests. Please try again later.');

  // No response at all.
  await page.unroute('**/generate-latex');
  await page.route('**/generate-latex', (route) => route.abort('connectionrefused'));
  await request(page, '10 subtraction problems');
  await alert.filter({ hasText: 'Could not connect to the server. Please check if the server is running.' }).waitFor();
  assert.equal(await lastAssistantMessage(page), 'Could not connect to the server. Please check if the server is running.');
  await page.context().close();
});

test('leaving the page cancels a running generation', async () => {
  const user = await activeUser('leave');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  // Hold the request so that it is still running when the user leaves.
  await page.route('**/generate-latex', () => {});
  const failed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/generate-latex'));
  await request(page, '12 two-digit addition problems for grade 2');
  await page.getByTestId('generation-progress').getByText('Sending your request…').waitFor();
  await page.getByRole('button', { name: '← Dashboard' }).click();
  await page.waitForURL('**/dashboard');
  const cancelled = await failed;
  assert.match(cancelled.failure()?.errorText ?? '', /ABORTED|cancel/i);
  await page.context().close();
});

test('a follow-up edit changes the current worksheet, counts an edit and updates the saved copy', async () => {
  const user = await activeUser('edit');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  await request(page, '12 two-digit addition problems for grade 2');
  const frame = page.getByTestId('pdf-preview');
  await frame.waitFor({ timeout: 60_000 });
  const firstPdf = await frame.getAttribute('src');
  await page.getByRole('button', { name: 'Save To Dashboard' }).click();
  await chatMessages(page).filter({ hasText: 'Worksheet saved to your dashboard.' }).waitFor();
  const [before] = await suite.server.listWorksheets(user.token);
  const sourceOf = async (id) =>
    (await (await fetch(`${suite.server.baseUrl}/worksheet/${id}`, { headers: { Authorization: `Bearer ${user.token}` } })).json()).worksheet;
  const savedBefore = await sourceOf(before.id);

  await page.getByLabel('Describe your worksheet').fill('only 6 problems');
  await page.getByLabel('Describe your worksheet').press('Enter');
  await page.getByTestId('edits-left').getByText('Edits left: 14').waitFor({ timeout: 60_000 });
  await page.waitForFunction((old) => {
    const f = document.querySelector('[data-testid="pdf-preview"]');
    return f && f.getAttribute('src') !== old;
  }, firstPdf);
  assert.equal(await page.getByRole('alert').count(), 0);

  // The saved worksheet was edited in place, not saved a second time.
  const list = await suite.server.listWorksheets(user.token);
  assert.equal(list.length, 1);
  const savedAfter = await sourceOf(before.id);
  assert.notEqual(savedAfter.latex_code, savedBefore.latex_code);
  assert.equal(savedAfter.edit_count, 1);
  await page.context().close();
});

test('the template chosen on the Templates page and the document settings are used for the request', async () => {
  const user = await activeUser('tplgen');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/templates');
  await page.getByRole('radio', { name: /Exam Format/ }).click();
  await page.getByRole('button', { name: 'Create Worksheet with Template' }).click();
  await page.waitForURL('**/app');
  await page.getByTestId('template-in-use').getByText('Exam Format').waitFor();

  await page.getByLabel('Name field').uncheck();
  await page.getByLabel('Instructor field').check();
  const sent = page.waitForRequest((r) => r.url().endsWith('/generate-latex'));
  await request(page, '12 two-digit addition problems for grade 2');
  const body = (await sent).postDataJSON();
  assert.equal(body.template, 'exam');
  assert.equal(body.prompt, '12 two-digit addition problems for grade 2');
  // The paper comes from the browser's locale (print-settings.test.mjs).
  const { paperSize, ...preferences } = body.preferences;
  assert.ok(['letter', 'a4'].includes(paperSize), paperSize);
  assert.deepEqual(preferences, {
    documentTitle: 'Practice',
    showNameField: false,
    showDateField: true,
    showPeriodField: true,
    showInstructorField: true,
    useNarrowMargins: true,
    largePrint: false,
    font: 'default',
  });
  assert.deepEqual(body.chatHistory, []);
  assert.equal(body.worksheetId, undefined);
  await page.getByTestId('pdf-preview').waitFor({ timeout: 60_000 });

  // A reload keeps the template (browser storage).
  await page.reload();
  await page.getByTestId('template-in-use').getByText('Exam Format').waitFor();
  await page.context().close();
});

test('Save To Dashboard before any worksheet is disabled and says the PDF or LaTeX is missing', async () => {
  const user = await activeUser('nosave');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  const save = page.getByRole('button', { name: 'Save To Dashboard' });
  // Disabled, with the reason as its tooltip and description; still reachable by keyboard.
  assert.equal(await save.getAttribute('aria-disabled'), 'true');
  assert.equal(await save.getAttribute('title'), 'Cannot save or download. PDF URL or LaTeX code is missing.');
  assert.equal(await save.evaluate((b) => document.getElementById(b.getAttribute('aria-describedby'))?.textContent),
    'Cannot save or download. PDF URL or LaTeX code is missing.');
  await save.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alert').filter({ hasText: 'Cannot save or download. PDF URL or LaTeX code is missing.' }).waitFor();
  assert.equal((await suite.server.listWorksheets(user.token)).length, 0);
  await page.context().close();
});

test('opening a saved worksheet resets the chat to Loaded worksheet and previews it; a downloaded one cannot be edited', async () => {
  const user = await activeUser('load');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);

  // Make a real worksheet through the generator, then save it.
  await page.goto('/app');
  await page.getByLabel('Document Title').fill('Times Tables');
  await page.getByLabel('Describe your worksheet').fill('10 multiplication problems with the 3 times table');
  await page.getByRole('button', { name: 'Generate Worksheet' }).click();
  await page.getByTestId('pdf-preview').waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Save To Dashboard' }).click();
  await chatMessages(page).filter({ hasText: 'Worksheet saved to your dashboard.' }).waitFor();
  const [{ id }] = await suite.server.listWorksheets(user.token);

  await openGeneratorWith(page, { loadWorksheetId: id });
  await page.getByTestId('pdf-preview').waitFor({ timeout: 60_000 });
  assert.equal(await page.getByLabel('Document Title').inputValue(), 'Times Tables');
  assert.deepEqual(await chatMessages(page).locator('.chat-bubble').allInnerTexts(), ['Loaded worksheet: Times Tables']);
  await page.getByTestId('edits-left').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Generate Worksheet' }).isDisabled(), true); // blank prompt

  // Downloading its PDF (as the viewer does) locks it.
  const compiled = await fetch(`${suite.server.baseUrl}/compile`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ latexCode: (await (await fetch(`${suite.server.baseUrl}/worksheet/${id}`, { headers: { Authorization: `Bearer ${user.token}` } })).json()).worksheet.latex_code, worksheetId: id }),
  }).then((r) => r.json());
  const download = await fetch(`${suite.server.baseUrl}${compiled.pdfUrl}?download=1`);
  assert.equal(download.status, 200);

  await openGeneratorWith(page, { loadWorksheetId: id });
  await page.getByText('can no longer be edited because its PDF has been downloaded').waitFor();
  assert.equal(await page.getByLabel('Describe your worksheet').isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: 'Generate Worksheet' }).isDisabled(), true);
  assert.deepEqual(await chatMessages(page).locator('.chat-bubble').allInnerTexts(), ['Loaded worksheet: Times Tables']);

  // Duplicate as new worksheet: an editable copy with a fresh edit count opens in its place.
  await page.getByRole('button', { name: 'Duplicate as new worksheet' }).click();
  await page.getByText('Loaded worksheet: Times Tables (copy)').waitFor({ timeout: 30_000 });
  assert.equal(await page.getByLabel('Describe your worksheet').isDisabled(), false);
  assert.equal(await page.getByTestId('edits-left').innerText(), 'Edits left: 15');
  assert.equal(await page.getByText('can no longer be edited because its PDF has been downloaded').count(), 0);
  await page.context().close();
});

test('an unknown worksheet id says it could not be loaded', async () => {
  const user = await activeUser('missing');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await openGeneratorWith(page, { loadWorksheetId: 'nosuchworksheet' });
  await page.getByRole('alert').filter({ hasText: /^Could not load worksheet: / }).waitFor();
  await page.context().close();
});

test('a free user sees Subscription Required with a link to pricing instead of the generator', async () => {
  const user = await suite.server.createUser(uniqueEmail('free'), 'free-password-1');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  await page.getByRole('heading', { name: 'Subscription Required' }).waitFor();
  const pricing = page.getByRole('link', { name: 'See Pricing' });
  assert.equal(await pricing.getAttribute('href'), '/#pricing');
  assert.equal(await page.getByRole('button', { name: 'Generate Worksheet' }).count(), 0);
  await pricing.click();
  await page.waitForURL((url) => url.pathname === '/' && url.hash === '#pricing');
  await page.context().close();
});

test('after a failure the request stays in the box and the failed step has ✗, not ✓', async () => {
  const user = await activeUser('keep');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  // A compile that fails after the model answered: the server reports its steps, then the failure.
  await page.route('**/generate-latex', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/x-ndjson',
      body:
        '{"progress":"Reading your request…"}\n{"progress":"Compiling the PDF…"}\n' +
        '{"success":false,"status":422,"error":"Compilation failed","details":"The worksheet could not be compiled (line 12: a brace is missing). Please try rephrasing your request."}\n',
    }),
  );
  await request(page, '12 fraction problems with pictures');
  await page.getByRole('alert').filter({ hasText: 'could not be compiled' }).waitFor();
  assert.equal(await page.getByLabel('Describe your worksheet').inputValue(), '12 fraction problems with pictures');
  const progress = page.getByTestId('generation-progress');
  assert.equal(await progress.getAttribute('aria-live'), 'polite');
  const steps = progress.locator('li');
  assert.equal(await steps.count(), 2);
  assert.equal(await steps.nth(0).getAttribute('data-state'), 'done');
  assert.match(await steps.nth(0).innerText(), /^✓/);
  assert.equal(await steps.nth(1).getAttribute('data-state'), 'failed');
  assert.match(await steps.nth(1).innerText(), /^✗\s*Compiling the PDF…/);
  // Sending again works straight from the kept text.
  await page.unroute('**/generate-latex');
  await page.getByLabel('Describe your worksheet').fill('12 two-digit addition problems');
  await page.getByLabel('Describe your worksheet').press('Enter');
  await page.getByTestId('pdf-preview').waitFor({ timeout: 60_000 });
  assert.equal(await page.getByLabel('Describe your worksheet').inputValue(), '');
  assert.equal(await progress.locator('li[data-state="failed"]').count(), 0);
  await page.context().close();
});

test('example chips fill the prompt, offline examples for the offline engine', async () => {
  const user = await activeUser('chips');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  const chip = page.getByRole('button', { name: 'The 7 times table' });
  await chip.click();
  assert.equal(await page.getByLabel('Describe your worksheet').inputValue(), 'The 7 times table');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'prompt');
  // With a model configured, /api/config says so and the examples change.
  await page.route('**/api/config', (route) => route.fulfill({ json: { engine: 'openai', checkoutLinks: {}, prices: {} } }));
  await page.reload();
  await page.getByRole('button', { name: '10 multiple-choice questions on the causes of World War I' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'The 7 times table' }).count(), 0);
  await page.context().close();
});

test('after the first save the header says Saved with the time, and a new title saves itself', async () => {
  const user = await activeUser('autosave');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  await request(page, '12 two-digit addition problems for grade 2');
  await page.getByTestId('pdf-preview').waitFor({ timeout: 60_000 });
  assert.equal(await page.getByRole('button', { name: 'Save To Dashboard' }).getAttribute('aria-disabled'), null);
  const status = page.getByRole('banner').getByTestId('save-state'); // in the page header
  assert.equal(await status.innerText(), '');
  await page.getByRole('button', { name: 'Save To Dashboard' }).click();
  await status.getByText(/^Saved \d{1,2}:\d\d [AP]M$/).waitFor();
  assert.equal(await status.getAttribute('role'), 'status');
  await page.getByLabel('Document Title').fill('Addition, week 3');
  await page.getByLabel('Document Title').press('Tab');
  await page.waitForFunction(async (token) => {
    const res = await fetch('/my-worksheets', { headers: { Authorization: `Bearer ${token}` } });
    return (await res.json()).worksheets[0]?.document_title === 'Addition, week 3';
  }, user.token);
  await page.context().close();
});

test('the Subscription Required screen shows both plans with their buttons, and the footer links Contact', async () => {
  const user = await suite.server.createUser(uniqueEmail('plans'), 'plans-password-1');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  await page.getByRole('heading', { name: 'Subscription Required' }).waitFor();
  const monthly = page.getByTestId('plan-monthly');
  const annual = page.getByTestId('plan-annual');
  await monthly.getByText('$7.99').waitFor();
  await annual.getByText('$4.00').waitFor();
  await annual.getByText('50% off').waitFor();
  await monthly.getByRole('button', { name: 'Choose Monthly' }).waitFor();
  // The annual plan's button opens its checkout in a new tab, for this user.
  await page.context().route('https://checkout.invalid/**', (route) => route.fulfill({ body: 'checkout' }));
  const popup = page.context().waitForEvent('page');
  await annual.getByRole('button', { name: 'Choose Annual' }).click();
  const checkout = await popup;
  await checkout.waitForLoadState();
  const url = new URL(checkout.url());
  assert.equal(url.origin + url.pathname, ANNUAL);
  assert.equal(url.searchParams.get('client_reference_id'), user.id);
  await checkout.close();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await page.waitForURL('**/contact');
  await page.context().close();
});

test('after saving, the button shows Saved (not the call-to-action colour) until the worksheet changes again', async () => {
  const user = await activeUser('savedstate');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  await request(page, '12 two-digit addition problems for grade 2');
  await page.getByTestId('pdf-preview').waitFor({ timeout: 60_000 });
  const button = page.getByRole('region', { name: 'PDF preview' }).getByRole('button', { name: /Save/ });
  const look = () => button.evaluate((b) => ({ text: b.textContent.trim(), state: b.dataset.state, cta: b.classList.contains('btn-secondary') || b.classList.contains('btn-primary') }));
  assert.deepEqual(await look(), { text: 'Save To Dashboard', state: 'unsaved', cta: true });

  await button.click();
  await chatMessages(page).filter({ hasText: 'Worksheet saved to your dashboard.' }).waitFor();
  assert.deepEqual(await look(), { text: '✓ Saved to Dashboard', state: 'saved', cta: false });

  // A new title not yet saved: the button asks again, and saves the title.
  await page.getByLabel('Document Title').fill('Practice, week 2');
  assert.deepEqual(await look(), { text: 'Save To Dashboard', state: 'unsaved', cta: true });
  await button.click();
  await page.waitForFunction(() => document.querySelector('[data-state="saved"]'));
  assert.deepEqual((await suite.server.listWorksheets(user.token)).map((w) => w.document_title), ['Practice, week 2']);

  // An edit is saved by the server as it is made: Saved again once the new preview is there.
  await page.getByLabel('Describe your worksheet').fill('only 6 problems');
  await page.getByLabel('Describe your worksheet').press('Enter');
  await page.getByTestId('edits-left').getByText('Edits left: 14').waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => document.querySelector('[data-state="saved"]'));
  assert.equal((await look()).cta, false);
  await page.context().close();
});

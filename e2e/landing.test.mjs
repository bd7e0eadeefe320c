import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, uniqueEmail } from './helpers/server.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';

let server;
let browser;

before(async () => {
  // Only the monthly checkout link is configured.
  server = await startServer({ env: { STRIPE_MONTHLY_LINK: 'https://checkout.invalid/monthly?plan=m', STRIPE_ANNUAL_LINK: '' } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the landing counter reaches 55,000+ minutes saved', async () => {
  const page = await newPage(browser, server.baseUrl);
  await page.goto('/');
  const counter = page.getByTestId('minutes-saved');
  await counter.waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="minutes-saved"]')?.textContent === '55,000+', null, { timeout: 10_000 });
  assert.equal(await counter.textContent(), '55,000+');
  await page.getByText('minutes saved').first().waitFor();
  await page.context().close();
});

test('the landing page shows the promotion, both plans and the editing rule', async () => {
  const page = await newPage(browser, server.baseUrl);
  await page.goto('/');
  await page.getByText('Spring promotion: 50% off the annual plan!').waitFor();
  await page.getByTestId('plan-monthly').getByText('$7.99').waitFor();
  await page.getByTestId('plan-annual').getByText('$4.00').waitFor();
  await page.getByTestId('plan-annual').getByText('50% off').waitFor();
  await page.getByText('once a PDF has been downloaded, the worksheet can no longer be edited', { exact: false }).first().waitFor();
  for (const id of ['about', 'pricing', 'faq']) assert.equal(await page.locator(`#${id}`).count(), 1, `#${id} anchor`);
  // Signed out, a pricing button opens the login overlay.
  await page.getByTestId('plan-monthly').getByRole('button', { name: 'Choose Monthly' }).click();
  await page.getByRole('dialog', { name: 'Log In' }).waitFor();
  await page.context().close();
});

test('/signup redirects to / and opens the sign-up overlay', async () => {
  const page = await newPage(browser, server.baseUrl);
  await page.goto('/signup');
  await page.getByRole('dialog', { name: 'Sign Up' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
  // The submit button stays disabled until the terms box is ticked.
  const submit = page.getByRole('dialog').getByRole('button', { name: 'Sign Up', exact: true });
  assert.equal(await submit.isDisabled(), true);
  await page.getByLabel('I agree to the').check();
  assert.equal(await submit.isDisabled(), false);
  await page.context().close();
});

test('an unknown path shows 404 Not Found', async () => {
  const page = await newPage(browser, server.baseUrl);
  const response = await page.goto('/no-such-page/here');
  assert.equal(response.status(), 404);
  await page.getByText('404 Not Found').waitFor();
  await page.context().close();
});

test('signed in, a pricing button opens the checkout link with the user id; a missing link says purchasing is not available', async () => {
  const user = await server.createUser(uniqueEmail('pricing'), 'pricing-password-1');
  const page = await newPage(browser, server.baseUrl, user);
  await page.goto('/#pricing');
  await page.getByRole('link', { name: 'Go to App' }).waitFor();
  await page.getByTestId('plan-annual').getByRole('button', { name: 'Purchasing is not available right now' }).waitFor();

  // The checkout host is not reachable from here: answer it in the browser instead.
  await page.context().route('https://checkout.invalid/**', (route) => route.fulfill({ contentType: 'text/html', body: 'Checkout' }));
  const popup = page.context().waitForEvent('page');
  await page.getByTestId('plan-monthly').getByRole('button', { name: 'Choose Monthly' }).click();
  const checkout = await popup;
  await checkout.waitForURL(/checkout\.invalid/);
  const url = new URL(checkout.url());
  assert.equal(url.origin + url.pathname, 'https://checkout.invalid/monthly');
  assert.equal(url.searchParams.get('plan'), 'm');
  assert.equal(url.searchParams.get('client_reference_id'), user.id);
  await page.context().close();
});

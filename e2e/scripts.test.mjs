// A teacher writing in Chinese gets a sheet in Chinese: the model (a local fake of an
// OpenAI-compatible server) answers in Chinese, the server prints it with XeLaTeX (the CJK
// language pack, `make lang-packs`), and the browser previews it with every character there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverAndBrowser } from './helpers/suite.mjs';
import { uniqueEmail } from './helpers/server.mjs';
import { newPage } from './helpers/browser.mjs';

const run = promisify(execFile);

const QUESTIONS = ['苹果 (píngguǒ) 是什么意思？', '七乘以八等于多少？'];
const REPLY = JSON.stringify({
  title: '水果词汇',
  language: 'zh',
  labels: null,
  items: QUESTIONS.map((text, i) => ({
    kind: 'short', text, title: '', answer: i === 0 ? 'Apple' : '56', choices: [], blanks: [], left: [], right: [], latex: '', part: false, points: 0,
  })),
});

/** An OpenAI-compatible chat endpoint that answers every request with REPLY, streamed when asked. */
async function fakeModel() {
  const srv = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const ask = JSON.parse(body);
    const base = { id: 'chatcmpl-e2e', created: 1763700000, model: 'fake' };
    if (!ask.stream) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ...base, object: 'chat.completion',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: REPLY } }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const chunk = (delta, finish = null) =>
      res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    chunk({ role: 'assistant', content: '' });
    const chars = [...REPLY];
    for (let i = 0; i < chars.length; i += 20) chunk({ content: chars.slice(i, i + 20).join('') });
    chunk({}, 'stop');
    res.end('data: [DONE]\n\n');
  });
  await new Promise((ok) => srv.listen(0, '127.0.0.1', ok));
  return srv;
}

const model = await fakeModel();
const suite = serverAndBrowser({
  env: {
    SHEETSMITH_ENGINE: 'openai',
    OPENAI_API_KEY: 'sk-e2e-fake',
    OPENAI_BASE_URL: `http://127.0.0.1:${model.address().port}/v1`,
    OPENAI_MODEL: 'fake',
  },
});
test.after(() => model.close());

/** The text of a PDF, as pdftotext reads it. */
async function pdfText(bytes) {
  const dir = await mkdtemp(join(tmpdir(), 'sheetsmith-e2e-pdf-'));
  try {
    await writeFile(join(dir, 'sheet.pdf'), bytes);
    return (await run('pdftotext', ['-enc', 'UTF-8', join(dir, 'sheet.pdf'), '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('a Chinese sheet previews in the browser with every character and Chinese chrome', async () => {
  const user = await suite.server.createUser(uniqueEmail('scripts'), 'scripts-password-1');
  await suite.server.setSubscription(user.id, 'active');
  const page = await newPage(suite.browser, suite.server.baseUrl, user);
  await page.goto('/app');
  await page.getByLabel('Document Title').fill('水果词汇');
  await page.getByLabel('Describe your worksheet').fill('中文水果词汇练习，带拼音');
  await page.getByRole('button', { name: 'Generate Worksheet' }).click();

  const frame = page.getByTestId('pdf-preview');
  await frame.waitFor({ timeout: 120_000 }); // the first XeLaTeX sheet starts its engine
  assert.equal(await page.getByRole('alert').count(), 0);
  const reply = await page.getByTestId('chat-message').and(page.locator('[data-role="assistant"]')).first().innerText();
  assert.doesNotMatch(reply, /left out/);

  const pdf = await page.request.get(await frame.getAttribute('src'));
  assert.equal(pdf.status(), 200);
  const text = (await pdfText(await pdf.body())).normalize('NFKC').replace(/\s+/g, '');
  for (const q of QUESTIONS) {
    for (const part of q.normalize('NFKC').replace(/\s+/g, '').split(/[()?？]/).filter(Boolean)) {
      assert.ok(text.includes(part), `the preview lacks ${part}:\n${text}`);
    }
  }
  assert.ok(text.includes('姓名') && !text.includes('Name'), `the chrome is not Chinese:\n${text}`);
});

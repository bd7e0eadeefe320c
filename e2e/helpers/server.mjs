// Starts the real Sheetsmith binary on a free loopback port with a fresh data dir.
import { spawn, execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
export const BINARY = process.env.SHEETSMITH_BIN ?? resolve(here, '../../bin/sheetsmith');

const SUPERUSER_EMAIL = 'e2e-admin@example.com';
const SUPERUSER_PASSWORD = 'e2e-admin-password-1';

export const MINIMAL_LATEX = '\\documentclass{article}\\begin{document}Hello\\end{document}';

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** fetch that waits and retries when PocketBase's rate limiter answers 429. */
async function fetchRetrying(url, init, tries = 8) {
  for (let i = 0; ; i++) {
    const res = await fetch(url, init);
    if (res.status !== 429 || i >= tries) return res;
    await sleep(1500);
  }
}

async function jsonOrThrow(res, what) {
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  if (!res.ok) throw new Error(`${what} failed: ${res.status} ${text}`);
  return body;
}

/** options.env: extra environment for the server (e.g. checkout links); options.args: extra flags for serve. */
export async function startServer(options = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'sheetsmith-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  await run(BINARY, ['superuser', 'upsert', SUPERUSER_EMAIL, SUPERUSER_PASSWORD, `--dir=${dir}`]);

  const child = spawn(BINARY, ['serve', `--http=127.0.0.1:${port}`, `--dir=${dir}`, ...(options.args ?? [])], {
    env: { ...process.env, SHEETSMITH_ENGINE: 'offline', SHEETSMITH_APP_URL: baseUrl, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
    await sleep(100);
  }

  let superToken = null;
  async function superuserToken() {
    if (superToken) return superToken;
    const res = await fetchRetrying(`${baseUrl}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: SUPERUSER_EMAIL, password: SUPERUSER_PASSWORD }),
    });
    superToken = (await jsonOrThrow(res, 'superuser auth')).token;
    return superToken;
  }

  return {
    baseUrl,
    dir,
    log: () => log,

    /** Creates a user through the records API and signs in: { id, email, password, token, record }. */
    async createUser(email, password) {
      const created = await fetchRetrying(`${baseUrl}/api/collections/users/records`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, passwordConfirm: password }),
      });
      await jsonOrThrow(created, 'create user');
      const authed = await fetchRetrying(`${baseUrl}/api/collections/users/auth-with-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identity: email, password }),
      });
      const body = await jsonOrThrow(authed, 'user auth');
      return { id: body.record.id, email, password, token: body.token, record: body.record };
    },

    /** Sets a user's subscription_status as a superuser would in the dashboard. */
    async setSubscription(userId, status) {
      const res = await fetchRetrying(`${baseUrl}/api/collections/users/records/${userId}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: await superuserToken() },
        body: JSON.stringify({ subscription_status: status }),
      });
      return jsonOrThrow(res, 'set subscription');
    },

    /** A record as a superuser sees it (e.g. a worksheet's lineage). */
    async record(collection, id) {
      const res = await fetchRetrying(`${baseUrl}/api/collections/${collection}/records/${id}`, { headers: { Authorization: await superuserToken() } });
      return jsonOrThrow(res, `read ${collection} record`);
    },

    /** Records of a collection matching a PocketBase filter, as a superuser sees them. */
    async records(collection, filter) {
      const res = await fetchRetrying(`${baseUrl}/api/collections/${collection}/records?perPage=200&filter=${encodeURIComponent(filter)}`, {
        headers: { Authorization: await superuserToken() },
      });
      return (await jsonOrThrow(res, `list ${collection} records`)).items;
    },

    /** Changes a record's fields as a superuser would in the dashboard (e.g. a lineage's edit count). */
    async updateRecord(collection, id, fields) {
      const res = await fetchRetrying(`${baseUrl}/api/collections/${collection}/records/${id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: await superuserToken() },
        body: JSON.stringify(fields),
      });
      return jsonOrThrow(res, `update ${collection} record`);
    },

    /** Saves a worksheet through the product API; returns its id. */
    async saveWorksheet(token, title, latex = MINIMAL_LATEX) {
      const res = await fetchRetrying(`${baseUrl}/save-worksheet`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ latexCode: latex, documentTitle: title }),
      });
      const body = await jsonOrThrow(res, 'save worksheet');
      return body.data[0].id;
    },

    /** Writes a worksheet with the server's engine (offline here; needs an active subscription); returns its LaTeX. */
    async generateLatex(token, prompt, title) {
      const res = await fetchRetrying(`${baseUrl}/generate-latex`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          prompt,
          preferences: {
            documentTitle: title,
            showNameField: true,
            showDateField: true,
            showPeriodField: true,
            showInstructorField: false,
            useNarrowMargins: true,
          },
          chatHistory: [],
          template: 'default',
        }),
      });
      return (await jsonOrThrow(res, 'generate latex')).latexCode;
    },

    /** Sends the server's mail to a local SMTP listener (superuser settings, as in the dashboard). */
    async useSmtp(port) {
      const res = await fetchRetrying(`${baseUrl}/api/settings`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: await superuserToken() },
        body: JSON.stringify({
          meta: { senderName: 'Sheetsmith', senderAddress: 'no-reply@example.com' },
          smtp: { enabled: true, host: '127.0.0.1', port, username: '', password: '', tls: false },
        }),
      });
      return jsonOrThrow(res, 'smtp settings');
    },

    /** The compile queue's status (GET /api/sheetsmith/queue, superuser only). */
    async queueStatus() {
      const res = await fetch(`${baseUrl}/api/sheetsmith/queue`, { headers: { Authorization: await superuserToken() } });
      return jsonOrThrow(res, 'queue status');
    },

    async listWorksheets(token) {
      const res = await fetch(`${baseUrl}/my-worksheets`, { headers: { Authorization: `Bearer ${token}` } });
      return (await jsonOrThrow(res, 'list worksheets')).worksheets;
    },

    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(5000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique e-mail address for this run. */
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

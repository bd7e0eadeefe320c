// A compile waits its turn in the server's queue (issue 12). While POST /compile is pending the
// page asks GET /api/sheetsmith/queue/me whether the user's job is still waiting and says so,
// instead of failing; a full queue (429 with Retry-After) is tried once more after the advised
// delay before the page fails with the spec's words.
import { apiUrl, NO_RESPONSE_MESSAGE, type ApiBody } from './api-client';
import { pb } from './pocketbase';

export const WAITING_FOR_COMPILER = 'Waiting for a free compiler…';
/** Spec §8, status 429. */
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

/** The first question comes after this long: a compile with a free compiler never asks. */
export const WAIT_POLL_DELAY_MS = 700;
export const WAIT_POLL_EVERY_MS = 1000;
/** A Retry-After longer than this is not waited for: the page fails with TOO_MANY_REQUESTS. */
export const MAX_RETRY_AFTER_MS = 30_000;

/** A 429 from /compile. retryAfterMs is the advised delay, or null when it is absent, unreadable or too long. */
export class CompileBusyError extends Error {
  retryAfterMs: number | null;
  constructor(retryAfterMs: number | null) {
    super(TOO_MANY_REQUESTS);
    this.name = 'CompileBusyError';
    this.retryAfterMs = retryAfterMs;
  }
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; null when absent, unreadable or over the limit. */
export function retryAfterMs(header: string | null | undefined, now: number = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  let ms: number;
  if (/^\d+$/.test(value)) {
    ms = Number(value) * 1000;
  } else {
    // An HTTP date names its day and month ("Mon, 23 Nov 2026 16:00:03 GMT").
    const at = /[a-z]{3}/i.test(value) ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(at)) return null;
    ms = Math.max(0, at - now);
  }
  return ms <= MAX_RETRY_AFTER_MS ? ms : null;
}

/** The busy error a /compile response stands for, or null when it is not a 429. */
export function busyFromResponse(response: { status: number; headers: { get(name: string): string | null } }): CompileBusyError | null {
  if (response.status !== 429) return null;
  return new CompileBusyError(retryAfterMs(response.headers.get('Retry-After')));
}

/** GET /api/sheetsmith/queue/me: whether the signed-in user's compile waits for a free compiler. */
export async function fetchQueueWaiting(signal: AbortSignal): Promise<boolean> {
  const response = await fetch(apiUrl('/api/sheetsmith/queue/me'), {
    headers: { Authorization: `Bearer ${pb.authStore.token}` },
    signal,
  });
  if (!response.ok) return false;
  const body = (await response.json()) as { waiting?: unknown };
  return body.waiting === true;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Resolves after ms, or rejects with the signal's reason when it is aborted first. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export type QueueWaitOptions = {
  /** Cancels the compile: the poll stops and a pending retry delay rejects. */
  signal?: AbortSignal;
  /** Called when the message should appear (true) or go (false); only on changes. */
  onWaiting: (waiting: boolean) => void;
  /** Asks the server; defaults to fetchQueueWaiting. */
  isWaiting?: (signal: AbortSignal) => Promise<boolean>;
  pollDelayMs?: number;
  pollEveryMs?: number;
};

/**
 * Runs compile (one POST /compile) and, while it is pending, polls whether the job waits in
 * the queue. A CompileBusyError with an advised delay is retried once after that delay, with
 * the message shown meanwhile; a second one fails with TOO_MANY_REQUESTS.
 */
export async function compileThroughQueue<T>(compile: () => Promise<T>, options: QueueWaitOptions): Promise<T> {
  const { signal, onWaiting, isWaiting = fetchQueueWaiting } = options;
  const pollDelay = options.pollDelayMs ?? WAIT_POLL_DELAY_MS;
  const pollEvery = options.pollEveryMs ?? WAIT_POLL_EVERY_MS;
  const stop = new AbortController();
  const stopPolling = () => stop.abort();
  signal?.addEventListener('abort', stopPolling, { once: true });

  let shown = false;
  let queued = false; // the server says the job waits
  let retrying = false; // waiting out a Retry-After
  const update = () => {
    const next = queued || retrying;
    if (next !== shown && !stop.signal.aborted) {
      shown = next;
      onWaiting(next);
    }
  };

  const poll = async () => {
    await delay(pollDelay, stop.signal);
    while (!stop.signal.aborted) {
      try {
        queued = await isWaiting(stop.signal);
        update();
      } catch {
        // A failed question changes nothing: the compile's own answer decides.
      }
      await delay(pollEvery, stop.signal);
    }
  };
  poll().catch(() => undefined);

  try {
    try {
      return await compile();
    } catch (err) {
      if (!(err instanceof CompileBusyError) || err.retryAfterMs === null || signal?.aborted) throw err;
      retrying = true;
      update();
      await delay(err.retryAfterMs, signal);
      const result = await compile();
      return result;
    }
  } finally {
    stop.abort();
    signal?.removeEventListener('abort', stopPolling);
    if (shown) onWaiting(false);
  }
}

/**
 * POST /compile, shared by the viewer and the generator, which word failures each for their own
 * screen. A worksheet is compiled with its id, so that downloading its PDF records the download.
 * Rejects with the spec's no-response message when the server cannot be reached, and with a
 * CompileBusyError when the queue is full; otherwise resolves to the response and its JSON body.
 */
export async function postCompile(
  latexCode: string,
  worksheetId: string | null,
  signal?: AbortSignal,
): Promise<{ response: Response; body: ApiBody | undefined }> {
  let response: Response;
  try {
    response = await fetch(apiUrl('/compile'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${pb.authStore.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(worksheetId ? { latexCode, worksheetId } : { latexCode }),
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new Error(NO_RESPONSE_MESSAGE);
  }
  const busy = busyFromResponse(response);
  if (busy) throw busy;
  try {
    return { response, body: (await response.json()) as ApiBody };
  } catch {
    return { response, body: undefined };
  }
}

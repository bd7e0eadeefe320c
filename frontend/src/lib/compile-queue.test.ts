import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  busyFromResponse,
  CompileBusyError,
  compileThroughQueue,
  MAX_RETRY_AFTER_MS,
  retryAfterMs,
  TOO_MANY_REQUESTS,
  WAIT_POLL_DELAY_MS,
  WAITING_FOR_COMPILER,
} from './compile-queue';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and refuses what it cannot read or is too long', () => {
    expect(retryAfterMs('5')).toBe(5000);
    expect(retryAfterMs(' 0 ')).toBe(0);
    const now = Date.parse('2026-11-23T16:00:00Z');
    expect(retryAfterMs('Mon, 23 Nov 2026 16:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Mon, 23 Nov 2026 15:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('')).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs('-3')).toBeNull();
    expect(retryAfterMs(String(MAX_RETRY_AFTER_MS / 1000 + 1))).toBeNull();
  });

  it('makes a 429 a busy error worded as the spec says', () => {
    const headers = new Headers({ 'Retry-After': '2' });
    const busy = busyFromResponse({ status: 429, headers });
    expect(busy).toBeInstanceOf(CompileBusyError);
    expect(busy?.retryAfterMs).toBe(2000);
    expect(busy?.message).toBe('Too many requests. Please try again later.');
    expect(busyFromResponse({ status: 429, headers: new Headers() })?.retryAfterMs).toBeNull();
    expect(busyFromResponse({ status: 200, headers })).toBeNull();
    expect(busyFromResponse({ status: 422, headers })).toBeNull();
    expect(WAITING_FOR_COMPILER).toBe('Waiting for a free compiler…');
  });
});

describe('compileThroughQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never asks the queue when the compile answers quickly', async () => {
    const isWaiting = vi.fn(async () => true);
    const onWaiting = vi.fn();
    const done = compileThroughQueue(async () => 'pdf', { onWaiting, isWaiting });
    await expect(done).resolves.toBe('pdf');
    await vi.advanceTimersByTimeAsync(5000);
    expect(isWaiting).not.toHaveBeenCalled();
    expect(onWaiting).not.toHaveBeenCalled();
  });

  it('asks after the first delay and then every second, shows the message while the job waits and stops when the compile answers', async () => {
    const answers = [true, true, false];
    const isWaiting = vi.fn(async () => answers.shift() ?? false);
    const seen: boolean[] = [];
    const compile = deferred<string>();
    const done = compileThroughQueue(() => compile.promise, { onWaiting: (w) => seen.push(w), isWaiting });

    await vi.advanceTimersByTimeAsync(WAIT_POLL_DELAY_MS - 1);
    expect(isWaiting).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(isWaiting).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(isWaiting).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([true]); // only changes are reported
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([true, false]); // its turn came: compiling now

    compile.resolve('pdf');
    await expect(done).resolves.toBe('pdf');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(isWaiting).toHaveBeenCalledTimes(3);
  });

  it('clears the message when the compile fails while waiting, and keeps the failure', async () => {
    const seen: boolean[] = [];
    const compile = deferred<string>();
    const done = compileThroughQueue(() => compile.promise, { onWaiting: (w) => seen.push(w), isWaiting: async () => true });
    const outcome = done.catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(WAIT_POLL_DELAY_MS);
    compile.reject(new Error('Compilation failed: line 3: Undefined control sequence'));
    expect(await outcome).toBe('Compilation failed: line 3: Undefined control sequence');
    expect(seen).toEqual([true, false]);
  });

  it('a question that fails changes nothing', async () => {
    const seen: boolean[] = [];
    const compile = deferred<string>();
    const done = compileThroughQueue(() => compile.promise, {
      onWaiting: (w) => seen.push(w),
      isWaiting: async () => {
        throw new Error('offline');
      },
    });
    await vi.advanceTimersByTimeAsync(3000);
    compile.resolve('pdf');
    await expect(done).resolves.toBe('pdf');
    expect(seen).toEqual([]);
  });

  it('retries a full queue once after Retry-After, saying it waits meanwhile', async () => {
    const seen: boolean[] = [];
    const compile = vi.fn().mockRejectedValueOnce(new CompileBusyError(2000)).mockResolvedValueOnce('pdf');
    const done = compileThroughQueue(compile, { onWaiting: (w) => seen.push(w), isWaiting: async () => false });
    await vi.advanceTimersByTimeAsync(0);
    expect(compile).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(compile).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe('pdf');
    expect(compile).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([true, false]);
  });

  it('fails with the spec words when the queue is still full, and at once without Retry-After', async () => {
    const twice = vi.fn(async () => {
      throw new CompileBusyError(1000);
    });
    const first = compileThroughQueue(twice, { onWaiting: () => undefined, isWaiting: async () => false }).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await first).toBe(TOO_MANY_REQUESTS);
    expect(twice).toHaveBeenCalledTimes(2);

    const once = vi.fn(async () => {
      throw new CompileBusyError(null);
    });
    await expect(compileThroughQueue(once, { onWaiting: () => undefined, isWaiting: async () => false })).rejects.toThrow(TOO_MANY_REQUESTS);
    expect(once).toHaveBeenCalledTimes(1);
  });

  it('cancelling stops the questions and the pending retry', async () => {
    const controller = new AbortController();
    const isWaiting = vi.fn(async () => true);
    const compile = vi.fn().mockRejectedValueOnce(new CompileBusyError(5000)).mockResolvedValue('pdf');
    const done = compileThroughQueue(compile, { signal: controller.signal, onWaiting: () => undefined, isWaiting });
    const outcome = done.then(
      () => 'resolved',
      () => 'rejected',
    );
    await vi.advanceTimersByTimeAsync(WAIT_POLL_DELAY_MS);
    expect(isWaiting).toHaveBeenCalledTimes(1);
    controller.abort();
    expect(await outcome).toBe('rejected');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(isWaiting).toHaveBeenCalledTimes(1);
    expect(compile).toHaveBeenCalledTimes(1);
  });
});

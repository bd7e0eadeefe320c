import { describe, expect, it } from 'vitest';
import { limiter, pictureKey } from './thumbnails';

describe('picture cache keys', () => {
  it('change when the sheet does, and only then', () => {
    expect(pictureKey('w1', 'abc')).toBe('w1:abc');
    expect(pictureKey('w1', 'abc')).toBe(pictureKey('w1', 'abc'));
    expect(pictureKey('w1', 'def')).not.toBe(pictureKey('w1', 'abc'));
    expect(pictureKey('w2', 'abc')).not.toBe(pictureKey('w1', 'abc'));
  });
  it('fall back to the id for a list without picture keys', () => {
    expect(pictureKey('w1')).toBe('w1');
  });
});

describe('pictures asked at once', () => {
  it('runs at most the limit together, and every task in the end', async () => {
    const run = limiter(3);
    let now = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const tasks = Array.from({ length: 8 }, (_, i) =>
      run(async () => {
        now++;
        most = Math.max(most, now);
        await new Promise<void>((r) => gates.push(r));
        now--;
        return i;
      }),
    );
    for (let round = 0; round < 8; round++) {
      await new Promise((r) => setTimeout(r, 0));
      gates.shift()?.();
    }
    while (gates.length) {
      await new Promise((r) => setTimeout(r, 0));
      gates.shift()?.();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });
  it('never runs a task cancelled while it waits, and passes its turn on', async () => {
    const run = limiter(1);
    let release = () => {};
    const first = run(() => new Promise<string>((r) => (release = () => r('first'))));
    const gone = new AbortController();
    const ran: string[] = [];
    const second = run(async () => {
      ran.push('second');
      return 'second';
    }, gone.signal);
    const third = run(async () => {
      ran.push('third');
      return 'third';
    });
    gone.abort();
    release();
    await expect(second).rejects.toThrow('no longer wanted');
    expect(await first).toBe('first');
    expect(await third).toBe('third');
    expect(ran).toEqual(['third']);
  });
});

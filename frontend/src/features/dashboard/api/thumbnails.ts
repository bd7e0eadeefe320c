import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '@/lib/api-client';
import { pb } from '@/lib/pocketbase';

// First-page pictures come from GET /worksheet/{id}/thumbnail (bearer token, so not a plain
// <img src>). A few are asked at once, so that a dashboard of cold pictures fills in parallel:
// the server draws them in its drawing slots, shared fairly between users, and its compile
// queue answers 429 with Retry-After when a picture's sheet must wait to be compiled. Leaving
// the dashboard cancels the pictures not yet drawn, so they never hold up the compile of the
// sheet the teacher opened.
export const THUMBNAILS_AT_ONCE = 4;
const MAX_BUSY_RETRIES = 6;

function cancelled(): DOMException {
  return new DOMException('The picture is no longer wanted.', 'AbortError');
}

/** Runs at most `limit` tasks at once, in the order they were asked; a task cancelled while it waits never runs. */
export function limiter(limit: number) {
  let running = 0;
  const waiting: { go: () => void; signal?: AbortSignal }[] = [];
  // A finished task hands its slot straight to the next waiter (which, if cancelled meanwhile,
  // hands it on in turn), so no newcomer slips in between.
  function handOn() {
    const next = waiting.shift();
    if (next) next.go();
    else running--;
  }
  return async function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw cancelled();
    if (running >= limit) await new Promise<void>((go) => waiting.push({ go, signal }));
    else running++;
    if (signal?.aborted) {
      handOn();
      throw cancelled();
    }
    try {
      return await task();
    } finally {
      handOn();
    }
  };
}

const inTurn = limiter(THUMBNAILS_AT_ONCE);

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((done, fail) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      fail(cancelled());
    }, { once: true });
  });
}

async function fetchPicture(id: string, signal?: AbortSignal): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(apiUrl(`/worksheet/${encodeURIComponent(id)}/thumbnail`), {
      headers: { Authorization: `Bearer ${pb.authStore.token}` },
      signal,
    });
    if (response.status === 429 && attempt < MAX_BUSY_RETRIES) {
      await pause((Number(response.headers.get('Retry-After')) || 3) * 1000, signal);
      continue;
    }
    if (!response.ok || !(response.headers.get('Content-Type') ?? '').startsWith('image/')) {
      throw new Error(`thumbnail ${response.status}`);
    }
    return URL.createObjectURL(await response.blob());
  }
}

/**
 * The cache key of a worksheet's picture: its picture key from the list changes exactly when
 * the sheet does, so an edited sheet is fetched again and an unchanged one never is.
 */
export function pictureKey(id: string, picture?: string): string {
  return picture ? `${id}:${picture}` : id;
}

/** The picture of one worksheet: an object URL once drawn, kept for the page's life. */
export function useThumbnail(id: string, picture?: string) {
  return useQuery({
    queryKey: ['thumbnail', pictureKey(id, picture)],
    queryFn: ({ signal }) => inTurn(() => fetchPicture(id, signal), signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

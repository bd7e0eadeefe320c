import { apiUrl } from '@/lib/api-client';
import { pb } from '@/lib/pocketbase';

// First-page pictures come from GET /worksheet/{id}/thumbnail (bearer token, so not a plain
// <img src>). They are fetched one at a time: the server draws each once, under the same
// compile limits as everything else, and a dashboard of many sheets should not crowd it.
let queue: Promise<unknown> = Promise.resolve();
const cache = new Map<string, Promise<string>>();

async function fetchOnce(id: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(apiUrl(`/worksheet/${encodeURIComponent(id)}/thumbnail`), {
      headers: { Authorization: `Bearer ${pb.authStore.token}` },
    });
    if (response.status === 429 && attempt < 3) {
      const wait = Number(response.headers.get('Retry-After')) || 3;
      await new Promise((r) => setTimeout(r, wait * 1000));
      continue;
    }
    if (!response.ok || !(response.headers.get('Content-Type') ?? '').startsWith('image/')) {
      throw new Error(`thumbnail ${response.status}`);
    }
    return URL.createObjectURL(await response.blob());
  }
}

/** Forgets the pictures fetched so far (a sheet edited in the generator has a new first page). */
export function forgetThumbnails(): void {
  for (const url of cache.values()) url.then(URL.revokeObjectURL, () => undefined);
  cache.clear();
}

/** An object URL of the worksheet's first page, fetched once until forgetThumbnails. */
export function thumbnailUrl(id: string): Promise<string> {
  const key = id;
  const known = cache.get(key);
  if (known) return known;
  const next = queue.then(() => fetchOnce(id));
  queue = next.catch(() => undefined);
  const shared = next.catch((err) => {
    cache.delete(key);
    throw err;
  });
  cache.set(key, shared);
  return shared;
}

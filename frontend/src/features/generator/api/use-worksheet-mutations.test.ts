import { afterEach, describe, expect, it, vi } from 'vitest';
import { renameAndReadBack, saveAndReadBack } from './use-worksheet-mutations';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server that answers each request by method and path; the requests are kept in order. */
function server(routes: Record<string, () => Response>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    asked.push(key);
    const answer = routes[key];
    if (!answer) throw new Error(`unexpected ${key}`);
    return answer();
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('save and rename read back the sheet the server stored', () => {
  it('a save returns the id and the stored source, which prints the saved title', async () => {
    const asked = server({
      'POST /save-worksheet': () => json({ success: true, data: [{ id: 'w1', document_title: 'New' }] }),
      'GET /worksheet/w1': () => json({ success: true, worksheet: { id: 'w1', document_title: 'New', latex_code: 'TEX New' } }),
    });
    expect(await saveAndReadBack({ latexCode: 'TEX Old', documentTitle: 'New', template: 'default' })).toEqual({ id: 'w1', stored: 'TEX New' });
    expect(asked).toEqual(['POST /save-worksheet', 'GET /worksheet/w1']);
  });

  it('a rename returns the stored source', async () => {
    const asked = server({
      'PATCH /worksheet/w1': () => json({ success: true, worksheet: { id: 'w1', document_title: 'Renamed' } }),
      'GET /worksheet/w1': () => json({ success: true, worksheet: { id: 'w1', document_title: 'Renamed', latex_code: 'TEX Renamed' } }),
    });
    expect(await renameAndReadBack({ id: 'w1', title: 'Renamed' })).toEqual({ stored: 'TEX Renamed' });
    expect(asked).toEqual(['PATCH /worksheet/w1', 'GET /worksheet/w1']);
  });

  it('a save or rename that worked still counts when the source cannot be read back', async () => {
    server({
      'POST /save-worksheet': () => json({ success: true, data: [{ id: 'w1' }] }),
      'PATCH /worksheet/w1': () => json({ success: true, worksheet: { id: 'w1' } }),
      'GET /worksheet/w1': () => json({ success: false, error: 'busy' }, 500),
    });
    expect(await saveAndReadBack({ latexCode: 'TEX', documentTitle: 'T', template: 'default' })).toEqual({ id: 'w1', stored: null });
    expect(await renameAndReadBack({ id: 'w1', title: 'T2' })).toEqual({ stored: null });
  });

  it('a failed rename fails, and nothing is read back', async () => {
    const asked = server({ 'PATCH /worksheet/w1': () => json({ success: false, error: 'Please enter a title.' }, 400) });
    await expect(renameAndReadBack({ id: 'w1', title: ' ' })).rejects.toThrow('Please enter a title.');
    expect(asked).toEqual(['PATCH /worksheet/w1']);
  });
});

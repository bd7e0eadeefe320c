import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateLatex, generationOutcome } from './generate-latex';
import { DEFAULT_PREFERENCES } from '../model/types';

const request = { prompt: 'p', preferences: { ...DEFAULT_PREFERENCES, documentTitle: 'T' }, chatHistory: [], template: 'default' };

function ndjsonResponse(lines: object[]): Response {
  const body = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('the final answer', () => {
  it('is a worksheet with the server message, edits left and worksheet id', () => {
    expect(generationOutcome(200, { success: true, latexCode: 'L', message: 'Made 12 problems.', editsLeft: 14, worksheetId: 'w1' })).toEqual({
      ok: true,
      latexCode: 'L',
      message: 'Made 12 problems.',
      editsLeft: 14,
      worksheetId: 'w1',
    });
  });
  it('maps a failure with the stream status through the spec §8 table', () => {
    expect(generationOutcome(200, { success: false, error: 'x', status: 429 })).toEqual({ ok: false, error: 'Too many requests. Please try again later.' });
    expect(generationOutcome(200, { success: false, error: 'LaTeX generation failed', details: 'I can only make arithmetic worksheets offline.', status: 422 })).toEqual({
      ok: false,
      error: 'I can only make arithmetic worksheets offline.',
    });
    expect(generationOutcome(403, { success: false, error: 'An active subscription is required' })).toEqual({ ok: false, error: 'Authentication failed. Please log in again.' });
  });
  it('treats an answer without LaTeX as a failed generation', () => {
    expect(generationOutcome(200, { success: true, latexCode: '' })).toEqual({ ok: false, error: 'LaTeX generation failed' });
    expect(generationOutcome(200, null)).toEqual({ ok: false, error: 'LaTeX generation failed' });
  });
});

describe('POST /generate-latex', () => {
  it('asks for NDJSON, reports progress and returns the worksheet', async () => {
    const fetchMock = vi.fn(async () =>
      ndjsonResponse([{ progress: 'Reading your request…' }, { progress: 'Compiling the PDF…' }, { success: true, latexCode: 'L', message: 'Done.' }]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const progress: string[] = [];
    const result = await generateLatex(request, { onProgress: (t) => progress.push(t) });
    expect(result).toMatchObject({ ok: true, latexCode: 'L', message: 'Done.' });
    expect(progress).toEqual(['Reading your request…', 'Compiling the PDF…']);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/generate-latex');
    expect((init.headers as Record<string, string>).Accept).toContain('application/x-ndjson');
    expect(JSON.parse(init.body as string)).toEqual(request);
  });

  it('reads a plain JSON refusal sent before streaming', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: false, error: 'e', details: 'Please enter a Document Title before generating.' }), { status: 400 }));
    expect(await generateLatex(request)).toEqual({ ok: false, error: 'Please enter a Document Title before generating.' });
  });

  it('says so when no response came', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await generateLatex(request)).toEqual({ ok: false, error: 'Could not connect to the server. Please check if the server is running.' });
  });

  it('rejects with AbortError when the user leaves', async () => {
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      init.signal?.throwIfAborted();
      return ndjsonResponse([]);
    });
    const controller = new AbortController();
    controller.abort();
    await expect(generateLatex(request, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

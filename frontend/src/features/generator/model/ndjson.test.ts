import { describe, expect, it } from 'vitest';
import { parseStreamLine, readNdjson, splitLines } from './ndjson';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

describe('NDJSON lines', () => {
  it('keeps an unfinished line for later', () => {
    expect(splitLines('{"a":1}\n{"b"')).toEqual({ lines: ['{"a":1}'], rest: '{"b"' });
    expect(splitLines('{"a":1}\r\n\n')).toEqual({ lines: ['{"a":1}'], rest: '' });
  });

  it('tells progress lines from the final answer', () => {
    expect(parseStreamLine('{"progress":"Compiling the PDF…"}')).toEqual({ kind: 'progress', text: 'Compiling the PDF…' });
    expect(parseStreamLine('{"success":true,"latexCode":"x"}')).toEqual({ kind: 'final', body: { success: true, latexCode: 'x' } });
    expect(parseStreamLine('not json')).toBeNull();
    expect(parseStreamLine('[1]')).toBeNull();
  });

  it('reports progress as it streams and returns the final object, even split across chunks', async () => {
    const seen: string[] = [];
    const final = await readNdjson(
      streamOf(['{"progress":"Reading your req', 'uest…"}\n{"progress":"Writing the worksheet…"}\n{"success":false,', '"error":"LaTeX generation failed","status":422}']),
      (t) => seen.push(t),
    );
    expect(seen).toEqual(['Reading your request…', 'Writing the worksheet…']);
    expect(final).toEqual({ success: false, error: 'LaTeX generation failed', status: 422 });
  });

  it('returns null when the stream ends without an answer', async () => {
    expect(await readNdjson(streamOf(['{"progress":"Reading your request…"}\n']), () => {})).toBeNull();
  });
});

// Reading the streamed answer of POST /generate-latex (Accept: application/x-ndjson):
// {"progress":"…"} lines, then the final answer object.

export type StreamLine = { kind: 'progress'; text: string } | { kind: 'final'; body: Record<string, unknown> };

/** Splits buffered text into complete lines and the unfinished rest. */
export function splitLines(buffer: string): { lines: string[]; rest: string } {
  const parts = buffer.split('\n');
  const rest = parts.pop() ?? '';
  return { lines: parts.map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== ''), rest };
}

/** One line of the stream; null when it is not a JSON object. */
export function parseStreamLine(line: string): StreamLine | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const body = value as Record<string, unknown>;
  if (typeof body.progress === 'string' && !('success' in body)) return { kind: 'progress', text: body.progress };
  return { kind: 'final', body };
}

/**
 * Reads an NDJSON body, calling onProgress for each progress line; returns the final object
 * (the last non-progress line), or null when the stream ended without one.
 */
export async function readNdjson(
  stream: ReadableStream<Uint8Array>,
  onProgress: (text: string) => void,
): Promise<Record<string, unknown> | null> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let final: Record<string, unknown> | null = null;
  const take = (lines: string[]) => {
    for (const line of lines) {
      const parsed = parseStreamLine(line);
      if (!parsed) continue;
      if (parsed.kind === 'progress') onProgress(parsed.text);
      else final = parsed.body;
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const { lines, rest } = splitLines(buffer);
    buffer = rest;
    take(lines);
  }
  buffer += decoder.decode();
  take(splitLines(buffer + '\n').lines);
  return final;
}

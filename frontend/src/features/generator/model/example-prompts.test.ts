import { describe, expect, it } from 'vitest';
import { examplePrompts, MODEL_EXAMPLES, OFFLINE_EXAMPLES } from './example-prompts';

describe('example prompts', () => {
  it('offers arithmetic the offline engine can write, unless a model is configured', () => {
    expect(examplePrompts('offline')).toBe(OFFLINE_EXAMPLES);
    expect(examplePrompts(undefined)).toBe(OFFLINE_EXAMPLES);
    expect(examplePrompts('openai')).toBe(MODEL_EXAMPLES);
  });
  it('never offers the same example in both lists', () => {
    const offline = new Set<string>(OFFLINE_EXAMPLES);
    expect(MODEL_EXAMPLES.filter((e) => offline.has(e))).toEqual([]);
  });
});

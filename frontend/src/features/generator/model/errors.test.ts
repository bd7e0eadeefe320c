import { describe, expect, it } from 'vitest';
import { generationErrorMessage } from './errors';

describe('generation error messages (spec §8)', () => {
  it('shows the server detail text', () => {
    expect(generationErrorMessage(500, { success: false, details: 'The prompt was too vague.' })).toBe('The prompt was too vague.');
  });
  it('hides detail text about an API key', () => {
    expect(generationErrorMessage(500, { details: 'Invalid OpenAI API key provided' })).toBe(
      'Server API key configuration error. Please contact the administrator.',
    );
    expect(generationErrorMessage(502, { details: 'missing api_key' })).toBe(
      'Server API key configuration error. Please contact the administrator.',
    );
  });
  it('maps status codes without details', () => {
    expect(generationErrorMessage(500, { error: 'x' })).toBe('Server error. Please contact the administrator.');
    expect(generationErrorMessage(400, {})).toBe('Invalid request. Please try with a different prompt.');
    expect(generationErrorMessage(429, null)).toBe('Too many requests. Please try again later.');
    expect(generationErrorMessage(401, undefined)).toBe('Authentication failed. Please log in again.');
    expect(generationErrorMessage(403, { error: 'An active subscription is required' })).toBe('Authentication failed. Please log in again.');
    expect(generationErrorMessage(404, {})).toBe('Something went wrong. Please try again.');
  });
  it('says when no response came', () => {
    expect(generationErrorMessage(undefined, undefined)).toBe('Could not connect to the server. Please check if the server is running.');
  });
  it('falls back to LaTeX generation failed for a failed answer without detail', () => {
    expect(generationErrorMessage(200, { success: false })).toBe('LaTeX generation failed');
  });
});

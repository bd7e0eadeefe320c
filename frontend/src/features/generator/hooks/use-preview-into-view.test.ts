import { describe, expect, it } from 'vitest';
import { previewOutOfSight } from './use-preview-into-view';

describe('bringing the preview into view', () => {
  it('scrolls when the preview starts below the window or low in it, or above it', () => {
    expect(previewOutOfSight({ top: 1200 }, 844)).toBe(true);
    expect(previewOutOfSight({ top: 700 }, 844)).toBe(true);
    expect(previewOutOfSight({ top: -300 }, 844)).toBe(true);
  });
  it('leaves the page alone when the preview is already in sight (side by side on a wide screen)', () => {
    expect(previewOutOfSight({ top: 80 }, 900)).toBe(false);
    expect(previewOutOfSight({ top: 0 }, 900)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { TITLE_REQUIRED_MESSAGE } from './generate-request';
import { canGenerate, generatorReducer, initialGeneratorState, saveBlockedReason, type GeneratorAction, type GeneratorState } from './generator-state';
import { SAVE_MISSING_CONTENT, SAVE_WAIT, SAVED } from './worksheet-api';

const template = { id: 'default', name: 'Standard Worksheet' };
const run = (actions: GeneratorAction[], from: GeneratorState = initialGeneratorState(template, false)) => actions.reduce(generatorReducer, from);
const withTitle = (title: string): GeneratorAction => ({ type: 'preferences', preferences: { ...initialGeneratorState(template, false).preferences, documentTitle: title } });

describe('generator state', () => {
  it('starts loading when a saved worksheet is to be opened', () => {
    expect(initialGeneratorState(template, true).phase).toBe('loading');
    expect(initialGeneratorState(template, false).phase).toBe('idle');
  });

  it('sends the prompt, clears the box, then shows the answer and the PDF', () => {
    const s = run([
      withTitle('Sums'),
      { type: 'prompt', prompt: '10 sums' },
      { type: 'generationStarted', text: '10 sums' },
      { type: 'progress', line: 'Reading your request…' },
      { type: 'generated', latexCode: 'TEX', message: 'Here is your worksheet.', editsLeft: 15, savedAt: null },
      { type: 'compiled', pdfUrl: '/pdf/x' },
    ]);
    expect(s.prompt).toBe('');
    expect(s.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(s.progress).toEqual(['Reading your request…']);
    expect(s.progressFailed).toBe(false);
    expect([s.phase, s.pdfUrl, s.latexCode, s.editsLeft]).toEqual(['idle', '/pdf/x', 'TEX', 15]);
  });

  it('says the compile waits for a free compiler only while it compiles', () => {
    const compiling = run([
      withTitle('Sums'),
      { type: 'generationStarted', text: '10 sums' },
      { type: 'generated', latexCode: 'TEX', message: 'Here is your worksheet.', savedAt: null },
      { type: 'compileWaiting', waiting: true },
    ]);
    expect(compiling.compileWaiting).toBe(true);
    expect(generatorReducer(compiling, { type: 'compileWaiting', waiting: false }).compileWaiting).toBe(false);
    expect(generatorReducer(compiling, { type: 'compiled', pdfUrl: '/pdf/x' }).compileWaiting).toBe(false);
    expect(generatorReducer(compiling, { type: 'generationFailed', message: 'Too many requests. Please try again later.', text: '10 sums' }).compileWaiting).toBe(false);
    // A late answer after the compile ended shows nothing.
    const idle = run([{ type: 'compileWaiting', waiting: true }]);
    expect(idle.compileWaiting).toBe(false);
  });

  it('keeps the request in the box after a failure and marks the step failed, the error in form and chat', () => {
    const s = run([
      { type: 'prompt', prompt: 'a poem' },
      { type: 'generationStarted', text: 'a poem' },
      { type: 'progress', line: 'Compiling the PDF…' },
      { type: 'generationFailed', message: 'Compilation failed', text: 'a poem' },
    ]);
    expect(s.prompt).toBe('a poem');
    expect(s.progressFailed).toBe(true);
    expect(s.formError).toBe('Compilation failed');
    expect(s.messages.at(-1)).toEqual({ role: 'assistant', content: 'Compilation failed' });
    expect(s.phase).toBe('idle');
    // Something typed meanwhile is not overwritten; a new generation clears the ✗.
    const typed = run([{ type: 'prompt', prompt: 'new idea' }, { type: 'generationFailed', message: 'x', text: 'a poem' }], s);
    expect(typed.prompt).toBe('new idea');
    expect(run([{ type: 'generationStarted', text: 'new idea' }], typed).progressFailed).toBe(false);
  });

  it('clears the title-required message once a title is typed', () => {
    const s = run([{ type: 'formError', message: TITLE_REQUIRED_MESSAGE }, withTitle('Fractions')]);
    expect(s.formError).toBeNull();
    const other = run([{ type: 'formError', message: 'Something else' }, withTitle('Fractions')]);
    expect(other.formError).toBe('Something else');
  });

  it('says why Save cannot work until there is a PDF, and while anything runs', () => {
    const empty = initialGeneratorState(template, false);
    expect(saveBlockedReason(empty)).toBe(SAVE_MISSING_CONTENT);
    const running = run([{ type: 'generationStarted', text: 'x' }]);
    expect(saveBlockedReason(running)).toBe(SAVE_WAIT);
    const ready = run([{ type: 'generated', latexCode: 'TEX', message: 'ok', savedAt: null }, { type: 'compiled', pdfUrl: '/pdf/x' }]);
    expect(saveBlockedReason(ready)).toBeNull();
  });

  it('remembers the save and its time; later edits and titles update the time', () => {
    const t1 = new Date(2026, 10, 23, 9, 0);
    const t2 = new Date(2026, 10, 23, 9, 5);
    const t3 = new Date(2026, 10, 23, 9, 9);
    const saved = run([{ type: 'saveStarted' }, { type: 'saved', id: 'w1', title: 'Sums', at: t1 }]);
    expect([saved.savedId, saved.savedTitle, saved.savedAt, saved.phase]).toEqual(['w1', 'Sums', t1, 'idle']);
    expect(saved.messages.at(-1)?.content).toBe(SAVED);
    expect(run([{ type: 'generated', latexCode: 'T2', message: 'ok', savedAt: t2 }], saved).savedAt).toBe(t2);
    expect(run([{ type: 'titleSaved', title: 'Sums 2', at: t3 }], saved)).toMatchObject({ savedTitle: 'Sums 2', savedAt: t3 });
  });

  it('loads a saved worksheet; a downloaded one cannot generate', () => {
    const worksheet = { id: 'w9', title: 'Times Tables', latexCode: 'TEX', template: 'exam', downloaded: true, editsLeft: 3 };
    const s = run([{ type: 'loadStarted' }, { type: 'loaded', worksheet, template: { id: 'exam', name: 'Exam Format' } }, { type: 'compiled', pdfUrl: '/pdf/w9' }, { type: 'prompt', prompt: 'harder' }]);
    expect(s.messages).toEqual([{ role: 'assistant', content: 'Loaded worksheet: Times Tables', latexCode: 'TEX' }]);
    expect([s.preferences.documentTitle, s.savedId, s.template.id, s.editsLeft, s.locked]).toEqual(['Times Tables', 'w9', 'exam', 3, true]);
    expect(canGenerate(s)).toBe(false);
    expect(canGenerate({ ...s, locked: false })).toBe(true);
    expect(canGenerate({ ...s, locked: false, prompt: '  ' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { TITLE_REQUIRED_MESSAGE } from './generate-request';
import {
  canGenerate,
  editingClosedReason,
  generatorReducer,
  generatorView,
  initialGeneratorState,
  isSavedNow,
  saveBlockedReason,
  type GeneratorAction,
  type GeneratorState,
  type ServerSide,
} from './generator-state';
import { EDITS_USED_MESSAGE, LOCKED_MESSAGE, SAVE_MISSING_CONTENT, SAVE_WAIT, SAVED } from './save-rules';

const template = { id: 'default', name: 'Standard Worksheet' };
const run = (actions: GeneratorAction[], from: GeneratorState = initialGeneratorState(template)) => actions.reduce(generatorReducer, from);
const withTitle = (title: string): GeneratorAction => ({ type: 'preferences', preferences: { ...initialGeneratorState(template).preferences, documentTitle: title } });
const quiet: ServerSide = { loading: false, loadError: null, compiling: false, pdfUrl: null, previewError: null };
/** The screen with the preview compiled. */
const ready = (s: GeneratorState) => generatorView(s, { ...quiet, pdfUrl: '/pdf/x' });
/** A save or rename whose stored source could not be read back. */
const unchanged = { sent: null, stored: null };

describe('generator state', () => {
  it('sends the prompt, clears the box, then shows the answer; the preview follows the new source', () => {
    const s = run([
      withTitle('Sums'),
      { type: 'prompt', prompt: '10 sums' },
      { type: 'generationStarted', text: '10 sums' },
      { type: 'progress', line: 'Reading your request…' },
      { type: 'generated', latexCode: 'TEX', message: 'Here is your worksheet.', editsLeft: 15, savedAt: null },
    ]);
    expect(s.prompt).toBe('');
    expect(s.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(s.progress).toEqual(['Reading your request…']);
    expect(s.progressFailed).toBe(false);
    expect([s.phase, s.latexCode, s.editsLeft]).toEqual(['idle', 'TEX', 15]);
    expect(generatorView(s, { ...quiet, compiling: true }).phase).toBe('compiling');
    expect(ready(s)).toMatchObject({ phase: 'idle', pdfUrl: '/pdf/x' });
  });

  it('shows loading while the worksheet to open is read, and a failed load or preview in the form', () => {
    const s = initialGeneratorState(template);
    expect(generatorView(s, { ...quiet, loading: true }).phase).toBe('loading');
    expect(generatorView(s, { ...quiet, loadError: 'Could not load worksheet: Not found' }).formError).toBe('Could not load worksheet: Not found');
    expect(generatorView(s, { ...quiet, previewError: 'Compilation failed' }).formError).toBe('Compilation failed');
    // A failed load stays only until the teacher starts something else.
    const started = run([{ type: 'generationStarted', text: 'x' }]);
    expect(generatorView(started, { ...quiet, loadError: 'Could not load worksheet: Not found' }).formError).toBeNull();
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
    const empty = initialGeneratorState(template);
    expect(saveBlockedReason(generatorView(empty, quiet))).toBe(SAVE_MISSING_CONTENT);
    const running = run([{ type: 'generationStarted', text: 'x' }]);
    expect(saveBlockedReason(ready(running))).toBe(SAVE_WAIT);
    const generated = run([{ type: 'generated', latexCode: 'TEX', message: 'ok', savedAt: null }]);
    expect(saveBlockedReason(generatorView(generated, { ...quiet, compiling: true }))).toBe(SAVE_WAIT);
    expect(saveBlockedReason(ready(generated))).toBeNull();
  });

  it('remembers the save and its time; later edits and titles update the time', () => {
    const t1 = new Date(2026, 10, 23, 9, 0);
    const t2 = new Date(2026, 10, 23, 9, 5);
    const t3 = new Date(2026, 10, 23, 9, 9);
    const saved = run([{ type: 'saveStarted' }, { type: 'saved', id: 'w1', title: 'Sums', at: t1, ...unchanged }]);
    expect([saved.savedId, saved.savedTitle, saved.savedAt, saved.phase]).toEqual(['w1', 'Sums', t1, 'idle']);
    expect(saved.messages.at(-1)?.content).toBe(SAVED);
    expect(run([{ type: 'generated', latexCode: 'T2', message: 'ok', savedAt: t2 }], saved).savedAt).toBe(t2);
    expect(run([{ type: 'titleSaved', title: 'Sums 2', at: t3, ...unchanged }], saved)).toMatchObject({ savedTitle: 'Sums 2', savedAt: t3 });
  });

  it('after a save under a new title, the document is the stored sheet, which prints it; nothing else changes', () => {
    const generated = run([
      withTitle('Sums'),
      { type: 'generationStarted', text: '10 sums' },
      { type: 'generated', latexCode: 'TEX Old', message: 'Here it is.', editsLeft: 15, savedAt: null },
      withTitle('Friday Sums'),
      { type: 'saveStarted' },
    ]);
    const at = new Date(2026, 10, 27, 9, 0);
    const saved = run([{ type: 'saved', id: 'w1', title: 'Friday Sums', at, sent: 'TEX Old', stored: 'TEX Friday' }], generated);
    // The preview compiles the stored sheet, and the next edit starts from it (its chat entry).
    expect([saved.latexCode, saved.retitled]).toEqual(['TEX Friday', true]);
    expect(saved.messages).toEqual([
      { role: 'user', content: '10 sums' },
      { role: 'assistant', content: 'Here it is.', latexCode: 'TEX Friday' },
      { role: 'assistant', content: SAVED },
    ]);
    expect([saved.savedId, saved.savedTitle, saved.savedAt, saved.editsLeft, saved.phase]).toEqual(['w1', 'Friday Sums', at, 15, 'idle']);
    expect(isSavedNow(ready(saved))).toBe(true);
    // The same sheet back (the title did not change), or none read back: the document stays.
    expect(run([{ type: 'saved', id: 'w1', title: 'Sums', at, sent: 'TEX Old', stored: 'TEX Old' }], generated).latexCode).toBe('TEX Old');
    const unread = run([{ type: 'saved', id: 'w1', title: 'Sums', at, ...unchanged }], generated);
    expect([unread.latexCode, unread.messages[1].latexCode]).toEqual(['TEX Old', 'TEX Old']);
  });

  it('after a rename, the document is the stored sheet, unless a newer one came meanwhile', () => {
    const worksheet = { id: 'w9', title: 'Sums', latexCode: 'TEX Sums', template: 'default', downloaded: false, editsLeft: 12 };
    const open = run([{ type: 'loaded', worksheet, template: null }, withTitle('Better Sums')]);
    const renamed = run([{ type: 'titleSaved', title: 'Better Sums', at: new Date(), sent: 'TEX Sums', stored: 'TEX Better' }], open);
    expect(renamed.latexCode).toBe('TEX Better');
    expect(renamed.messages).toEqual([{ role: 'assistant', content: 'Loaded worksheet: Sums', latexCode: 'TEX Better' }]);
    expect([renamed.savedTitle, renamed.editsLeft]).toEqual(['Better Sums', 12]);
    expect(isSavedNow(ready(renamed))).toBe(true);
    // An edit generated while the rename was on its way is kept: it is the teacher's newest sheet.
    const edited = run(
      [
        { type: 'generationStarted', text: 'harder' },
        { type: 'generated', latexCode: 'TEX Edit', message: 'Harder now.', editsLeft: 11, savedAt: new Date() },
        { type: 'titleSaved', title: 'Better Sums', at: new Date(), sent: 'TEX Sums', stored: 'TEX Better' },
      ],
      open,
    );
    expect([edited.latexCode, edited.retitled]).toEqual(['TEX Edit', false]);
    // The next new sheet is not a reprint: its preview comes into view again.
    expect(run([{ type: 'generated', latexCode: 'TEX Next', message: 'ok', savedAt: null }], renamed).retitled).toBe(false);
    expect(edited.messages.map((m) => m.latexCode)).toEqual(['TEX Sums', undefined, 'TEX Edit']);
    expect(edited.editsLeft).toBe(11);
  });

  it('loads a saved worksheet; a downloaded one cannot generate', () => {
    const worksheet = { id: 'w9', title: 'Times Tables', latexCode: 'TEX', template: 'exam', downloaded: true, editsLeft: 3 };
    const s = run([{ type: 'loaded', worksheet, template: { id: 'exam', name: 'Exam Format' } }, { type: 'prompt', prompt: 'harder' }]);
    expect(s.messages).toEqual([{ role: 'assistant', content: 'Loaded worksheet: Times Tables', latexCode: 'TEX' }]);
    expect([s.preferences.documentTitle, s.savedId, s.template.id, s.editsLeft, s.locked, s.latexCode]).toEqual(['Times Tables', 'w9', 'exam', 3, true, 'TEX']);
    expect(canGenerate(ready(s))).toBe(false);
    expect(canGenerate(ready({ ...s, locked: false }))).toBe(true);
    expect(canGenerate(ready({ ...s, locked: false, prompt: '  ' }))).toBe(false);
    expect(canGenerate(generatorView({ ...s, locked: false }, { ...quiet, compiling: true }))).toBe(false);
  });

  it('takes no more requests at 0 edits left or after a download, and says why', () => {
    const worksheet = { id: 'w9', title: 'Sums', latexCode: 'TEX', template: 'default', downloaded: false, editsLeft: 1 };
    const open = run([{ type: 'loaded', worksheet, template: null }, { type: 'prompt', prompt: 'harder' }]);
    expect([editingClosedReason(open), canGenerate(ready(open))]).toEqual([null, true]);
    const used = run([{ type: 'generationStarted', text: 'harder' }, { type: 'generated', latexCode: 'T2', message: 'ok', editsLeft: 0, savedAt: null }, { type: 'prompt', prompt: 'more' }], open);
    expect([editingClosedReason(used), canGenerate(ready(used))]).toEqual([EDITS_USED_MESSAGE, false]);
    expect(editingClosedReason({ ...used, locked: true })).toBe(LOCKED_MESSAGE);
  });

  it('is Saved while the dashboard has what is shown, not while a new title waits or anything runs', () => {
    const saved = run([withTitle('Sums'), { type: 'generated', latexCode: 'TEX', message: 'ok', savedAt: null }, { type: 'saved', id: 'w1', title: 'Sums', at: new Date(), sent: 'TEX', stored: 'TEX' }]);
    expect(isSavedNow(ready(saved))).toBe(true);
    expect(isSavedNow(ready(run([withTitle('Sums 2')], saved)))).toBe(false);
    expect(isSavedNow(ready(run([withTitle('  ')], saved)))).toBe(true);
    expect(isSavedNow(ready(run([{ type: 'generationStarted', text: 'x' }], saved)))).toBe(false);
    expect(isSavedNow(generatorView(saved, { ...quiet, compiling: true }))).toBe(false);
    expect(isSavedNow(ready(run([{ type: 'titleSaved', title: 'Sums 2', at: new Date(), sent: 'TEX', stored: 'TEX Sums 2' }, withTitle('Sums 2')], saved)))).toBe(true);
    expect(isSavedNow(ready(initialGeneratorState(template)))).toBe(false);
  });
});

import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';
import { errorReason } from '@/lib/errors';
import { examplePrompts } from '../model/example-prompts';
import { templateInUse } from '../model/template-in-use';
import { useGenerator } from '../hooks/use-generator';
import { usePreviewIntoView } from '../hooks/use-preview-into-view';
import { ChatHistory } from './chat-history';
import { DocumentSettings } from './document-settings';
import { GenerationProgress } from './generation-progress';
import { PdfPreview } from './pdf-preview';
import { ExampleChips, PromptBox } from './prompt-box';

/** Navigation state the generator understands: a saved worksheet to open, or the template chosen on the Templates page. */
export type GeneratorLocationState = { loadWorksheetId?: string; template?: unknown } | null;

/** Whether the worksheet is saved, and when it was last written (shown in the page header). */
export type SaveState = { saved: boolean; at: Date | null };

export function GeneratorScreen({ onSaveState }: { onSaveState?: (state: SaveState) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? null) as GeneratorLocationState;
  const [initialTemplate] = useState(() => templateInUse(state?.template, localStorage));
  const g = useGenerator({ initialTemplate, loadWorksheetId: state?.loadWorksheetId || undefined });
  const config = usePublicConfig();
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const [duplicating, setDuplicating] = useState(false);
  const [duplicateError, setDuplicateError] = useState<string | null>(null);

  const closedReasonId = useId();
  const previewRef = useRef<HTMLDivElement>(null);
  // A new sheet's preview comes into view; the same sheet printed under a new title does not move the page.
  usePreviewIntoView(previewRef, g.retitled ? null : g.pdfUrl);

  const saved = g.savedId !== null;
  useEffect(() => onSaveState?.({ saved, at: g.savedAt }), [onSaveState, saved, g.savedAt]);

  const startOver = () => navigate(paths.generator, { replace: true, state: null });

  async function duplicate() {
    setDuplicating(true);
    setDuplicateError(null);
    try {
      const copyId = await g.duplicate();
      navigate(paths.generator, { replace: true, state: { loadWorksheetId: copyId } });
    } catch (err) {
      setDuplicateError(`Could not duplicate worksheet: ${errorReason(err)}`);
      setDuplicating(false);
    }
  }

  function pickExample(text: string) {
    g.setPrompt(text);
    promptRef.current?.focus();
  }

  return (
    <div className="flex flex-col lg:flex-row gap-6 flex-1 min-w-0">
      <section className="flex flex-col gap-4 lg:w-[26rem] shrink-0 min-w-0" aria-label="Worksheet request">
        <DocumentSettings preferences={g.preferences} onChange={g.updatePreferences} onTitleCommit={g.saveTitle} disabled={g.busy} />
        <p className="text-sm" data-testid="template-in-use">
          Template: <span className="font-semibold">{g.template.name}</span>{' '}
          <Link to={paths.templates} className="link link-primary">Change</Link>
        </p>
        {g.closedReason && (
          <div className="flex flex-col gap-2 items-start">
            <div id={closedReasonId}><Alert tone="warning">{g.closedReason}</Alert></div>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-secondary btn-sm" disabled={duplicating} onClick={duplicate}>
                {duplicating ? 'Duplicating…' : 'Duplicate as new worksheet'}
              </button>
              <button type="button" className="btn btn-outline btn-sm" onClick={startOver}>Start New Worksheet</button>
            </div>
            {duplicateError && <Alert tone="error">{duplicateError}</Alert>}
          </div>
        )}
        <div className="flex-1 min-h-40 max-h-[50vh] overflow-y-auto rounded-box border border-base-300 p-2" tabIndex={0} role="log" aria-live="polite" aria-label="Chat history">
          {/* A chat log, there from the start: screen readers hear each new message, the generator's replies included. */}
          <ChatHistory messages={g.messages} />
        </div>
        <GenerationProgress phase={g.phase} steps={g.progress} failed={g.progressFailed} />
        {g.formError && <Alert tone="error">{g.formError}</Alert>}
        {g.messages.length === 0 && !g.closedReason && (
          <ExampleChips examples={examplePrompts(config?.engine)} onPick={pickExample} disabled={g.busy || config === null} />
        )}
        <PromptBox
          ref={promptRef}
          value={g.prompt}
          onChange={g.setPrompt}
          onSend={g.generate}
          canSend={g.canGenerate}
          disabled={g.closedReason !== null}
          disabledReasonId={g.closedReason ? closedReasonId : undefined}
          busy={g.phase === 'generating'}
        />
      </section>
      <div ref={previewRef} className="flex flex-col flex-1 min-w-0">
      <PdfPreview
        pdfUrl={g.pdfUrl}
        phase={g.phase}
        compileWaiting={g.compileWaiting}
        savedId={g.savedId}
        saveError={g.saveError}
        saveBlockedReason={g.saveBlockedReason}
        onSaveBlocked={g.showSaveError}
        editsLeft={g.editsLeft}
        onSave={g.save}
        savedNow={g.savedNow}
      />
      </div>
    </div>
  );
}

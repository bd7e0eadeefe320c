import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { templateInUse } from '../api/template-in-use';
import { useGenerator } from '../api/use-generator';
import { LOCKED_MESSAGE } from '../api/worksheet-api';
import { ChatHistory } from './chat-history';
import { DocumentSettings } from './document-settings';
import { GenerationProgress } from './generation-progress';
import { PdfPreview } from './pdf-preview';
import { PromptBox } from './prompt-box';

/** Navigation state the generator understands: a saved worksheet to open, or the template chosen on the Templates page. */
export type GeneratorLocationState = { loadWorksheetId?: string; template?: unknown } | null;

export function GeneratorScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? null) as GeneratorLocationState;
  const [initialTemplate] = useState(() => templateInUse(state?.template, localStorage));
  const g = useGenerator({ initialTemplate, loadWorksheetId: state?.loadWorksheetId || undefined });

  const startOver = () => navigate(paths.generator, { replace: true, state: null });

  return (
    <div className="flex flex-col lg:flex-row gap-6 flex-1">
      <section className="flex flex-col gap-4 lg:w-[26rem] shrink-0" aria-label="Worksheet request">
        <DocumentSettings preferences={g.preferences} onChange={g.updatePreferences} disabled={g.busy} />
        <p className="text-sm" data-testid="template-in-use">
          Template: <span className="font-semibold">{g.template.name}</span>{' '}
          <Link to={paths.templates} className="link link-primary">Change</Link>
        </p>
        {g.locked && (
          <div className="flex flex-col gap-2 items-start">
            <Alert tone="warning">{LOCKED_MESSAGE}</Alert>
            <button type="button" className="btn btn-outline btn-sm" onClick={startOver}>Start New Worksheet</button>
          </div>
        )}
        <div className="flex-1 min-h-40 max-h-[50vh] overflow-y-auto rounded-box border border-base-300 p-2">
          <ChatHistory messages={g.messages} />
        </div>
        <GenerationProgress phase={g.phase} steps={g.progress} />
        {g.formError && <Alert tone="error">{g.formError}</Alert>}
        <PromptBox
          value={g.prompt}
          onChange={g.setPrompt}
          onSend={g.generate}
          canSend={g.canGenerate}
          disabled={g.locked}
          busy={g.phase === 'generating'}
        />
      </section>
      <PdfPreview
        pdfUrl={g.pdfUrl}
        phase={g.phase}
        saved={g.savedId !== null}
        saveError={g.saveError}
        editsLeft={g.editsLeft}
        onSave={g.save}
      />
    </div>
  );
}

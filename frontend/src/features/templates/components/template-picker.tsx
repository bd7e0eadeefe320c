import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { pocketbaseErrorMessage } from '@/lib/errors';
import { queryKeys } from '@/lib/query-client';
import { storeSelectedTemplate, storedTemplateId, type Template } from '@/lib/template-choice';
import { fetchTemplates } from '../api/templates';

export function TemplatePicker() {
  const navigate = useNavigate();
  const query = useQuery({ queryKey: queryKeys.templates, queryFn: fetchTemplates });
  const templates: Template[] | null = query.data ?? (query.isError ? [] : null);
  const error = query.isError ? `Could not load templates: ${pocketbaseErrorMessage(query.error, 'Please try again.')}` : null;
  const [selectedId, setSelectedId] = useState<string>(() => storedTemplateId() ?? 'default');

  const selected = templates?.find((t) => t.id === selectedId) ?? null;

  function choose(t: Template) {
    setSelectedId(t.id);
    storeSelectedTemplate(t);
  }

  function createWithTemplate() {
    if (!selected) return;
    storeSelectedTemplate(selected);
    navigate(paths.generator, { state: { template: selected } });
  }

  if (templates === null) return <Spinner label="Loading templates…" />;

  return (
    <div className="flex flex-col gap-6">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="radiogroup" aria-label="Templates">
        {templates.map((t) => {
          const isSelected = t.id === selectedId;
          return (
            <button
              key={t.id}
              type="button"
              role="radio"
              aria-checked={isSelected}
              onClick={() => choose(t)}
              className={`card text-left bg-base-100 border-2 ${isSelected ? 'border-primary' : 'border-base-300'} hover:border-primary/60`}
            >
              <div className="card-body">
                <h2 className="card-title">{t.name}{isSelected && <span className="badge badge-primary">Selected</span>}</h2>
                {t.description && <p className="text-sm text-base-content/80">{t.description}</p>}
              </div>
            </button>
          );
        })}
      </div>
      <button type="button" className="btn btn-primary self-start" disabled={!selected} onClick={createWithTemplate}>
        Create Worksheet with Template
      </button>
    </div>
  );
}

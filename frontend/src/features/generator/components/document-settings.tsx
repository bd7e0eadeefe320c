import type { GeneratorPreferences } from '../api/types';

type FieldToggle = keyof Pick<GeneratorPreferences, 'showNameField' | 'showDateField' | 'showPeriodField' | 'showInstructorField'>;

const FIELD_TOGGLES: { key: FieldToggle; label: string }[] = [
  { key: 'showNameField', label: 'Name field' },
  { key: 'showDateField', label: 'Date field' },
  { key: 'showPeriodField', label: 'Period field' },
  { key: 'showInstructorField', label: 'Instructor field' },
];

/** Document Settings: the title and the four header fields (narrow margins are always on and not shown). */
export function DocumentSettings({
  preferences,
  onChange,
  onTitleCommit,
  disabled,
}: {
  preferences: GeneratorPreferences;
  onChange: (next: GeneratorPreferences) => void;
  /** The title field was left (a saved worksheet then saves its new title). */
  onTitleCommit?: () => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="fieldset bg-base-200 border border-base-300 rounded-box p-4" disabled={disabled}>
      <legend className="fieldset-legend">Document Settings</legend>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Document Title</span>
        <input
          name="documentTitle"
          className="input input-bordered w-full"
          required
          maxLength={200}
          placeholder="e.g. Addition Practice"
          value={preferences.documentTitle}
          onChange={(e) => onChange({ ...preferences, documentTitle: e.target.value })}
          onBlur={onTitleCommit}
        />
      </label>
      <div className="grid grid-cols-2 gap-2 mt-2">
        {FIELD_TOGGLES.map(({ key, label }) => (
          <label key={key} className="label cursor-pointer justify-start gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={preferences[key]}
              onChange={(e) => onChange({ ...preferences, [key]: e.target.checked })}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

import { PAPER_SIZES, rememberPrintSettings, SHEET_FONTS, type PaperSize, type SheetFont } from '../model/print-settings';
import type { GeneratorPreferences } from '../model/types';

type FieldToggle = keyof Pick<GeneratorPreferences, 'showNameField' | 'showDateField' | 'showPeriodField' | 'showInstructorField'>;

const FIELD_TOGGLES: { key: FieldToggle; label: string }[] = [
  { key: 'showNameField', label: 'Name field' },
  { key: 'showDateField', label: 'Date field' },
  { key: 'showPeriodField', label: 'Period field' },
  { key: 'showInstructorField', label: 'Instructor field' },
];

/**
 * Document Settings: the title, the four header fields (narrow margins are always on and not
 * shown) and the settings that print: paper, large print and face, remembered in this browser
 * as the teacher's defaults for new sheets.
 */
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
  const changePrint = (change: Partial<Pick<GeneratorPreferences, 'paperSize' | 'largePrint' | 'font'>>) => {
    const next = { ...preferences, ...change };
    rememberPrintSettings(localStorage, next);
    onChange(next);
  };
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
      <div className="grid grid-cols-2 gap-2 mt-2">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">Paper</span>
          <select
            name="paperSize"
            className="select select-bordered select-sm w-full"
            value={preferences.paperSize}
            onChange={(e) => changePrint({ paperSize: e.target.value as PaperSize })}
          >
            {PAPER_SIZES.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">Font</span>
          <select
            name="font"
            className="select select-bordered select-sm w-full"
            value={preferences.font}
            onChange={(e) => changePrint({ font: e.target.value as SheetFont })}
          >
            {SHEET_FONTS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="label cursor-pointer justify-start gap-2 col-span-2">
          <input
            type="checkbox"
            name="largePrint"
            className="checkbox checkbox-sm"
            checked={preferences.largePrint}
            onChange={(e) => changePrint({ largePrint: e.target.checked })}
          />
          <span>Large print (18 pt)</span>
        </label>
      </div>
    </fieldset>
  );
}

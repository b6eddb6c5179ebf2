import { useId } from 'react';
import { languageName } from '../../lib/site-languages';
import './translation.css';

export interface LanguagePickerProps {
  /** The site's languages, the default first. */
  languages: readonly string[];
  value: string;
  onChange(code: string): void;
  /** Per language, a short note after its name: "2 missing". */
  notes?: Readonly<Record<string, string | undefined>>;
  /** Says what the choice edits: "the project". */
  what: string;
  /** How the texts are saved, said after the rest; the form's save by default. */
  saving?: string;
}

/**
 * The editor's "Language" control: one segment per site language, the default first and
 * marked. Radio buttons under a legend, so the arrow keys move between them and a screen
 * reader says which is chosen; drawn as one row of segmented buttons.
 */
export function LanguagePicker({
  languages,
  value,
  onChange,
  notes = {},
  what,
  saving = 'Every language is saved together.',
}: LanguagePickerProps) {
  const name = useId();
  const hintId = `${name}-hint`;
  if (languages.length < 2) return null;
  return (
    <fieldset className="adm-lang-picker" aria-describedby={hintId}>
      <legend className="adm-lang-picker__legend">Language</legend>
      <div className="adm-lang-picker__options">
        {languages.map((code, index) => (
          <label key={code} className="adm-lang-picker__option">
            <input
              type="radio"
              name={name}
              value={code}
              checked={value === code}
              onChange={() => onChange(code)}
            />
            <span className="adm-lang-picker__name">
              {languageName(code)}
              {index === 0 && <span className="adm-lang-picker__note"> (default)</span>}
              {notes[code] && <span className="adm-lang-picker__note">{` · ${notes[code]}`}</span>}
            </span>
          </label>
        ))}
      </div>
      <p className="vt-field__hint" id={hintId}>
        {`Another language shows the ${languageName(languages[0])} texts of ${what} beside their translation; an empty translation shows the ${languageName(languages[0])} text to visitors. ${saving}`}
      </p>
    </fieldset>
  );
}

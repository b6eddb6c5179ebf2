import type { ReactNode } from 'react';
import { renderedText } from '../history/field-values';
import { languageName } from '../../lib/site-languages';
import './translation.css';

export interface TranslationRowProps {
  /** The field's name: "Name", "Alt text of photo 1". */
  label: string;
  /** The default language's text, read-only beside the translation. */
  source: string;
  /** The default language's code, for `lang` on its text. */
  sourceLanguage: string;
  /** The source is rich text (HTML): shown as the page reads it, one line per paragraph. */
  html?: boolean;
  /** The translation's input, labelled "Name (Hindi)" and with `lang` of its own. */
  children: ReactNode;
}

/**
 * One translatable field side by side: the default language's text (read-only, in its own
 * language) and the translation's input. Side by side on a wide screen, stacked on a phone.
 */
export function TranslationRow({
  label,
  source,
  sourceLanguage,
  html,
  children,
}: TranslationRowProps) {
  const text = html ? renderedText(source) : source;
  return (
    <div className="adm-translation-row">
      <div className="adm-translation-row__source">
        <p className="adm-translation-row__label">{`${label} (${languageName(sourceLanguage)})`}</p>
        {text.trim() ? (
          <p className="adm-translation-row__text" lang={sourceLanguage}>
            {text}
          </p>
        ) : (
          <p className="adm-translation-row__text adm-translation-row__text--empty">(empty)</p>
        )}
      </div>
      <div className="adm-translation-row__target">{children}</div>
    </div>
  );
}

/** "Name (Hindi)": a translation input's label. */
export function translationLabel(label: string, code: string): string {
  return `${label} (${languageName(code)})`;
}

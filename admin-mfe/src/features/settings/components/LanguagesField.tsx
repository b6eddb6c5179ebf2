import { LOCALES, localeInfo } from '@vitrine/contracts';
import { Button, SelectField, useConfirm } from '@vitrine/ui';
import { useState } from 'react';
import { Badge } from '../../../components/Badge';
import { Icon } from '../../../components/Icon';
import { languageName } from '../../../lib/site-languages';

/** A language's name in itself, when it is not the same as its English one. */
function nativeName(code: string): string | undefined {
  const info = localeInfo(code);
  return info && info.nativeName !== info.name ? info.nativeName : undefined;
}

export const LANGUAGES_ADD_ID = 'settings-languages-add';

export interface LanguagesFieldProps {
  /** The site's languages as the form holds them, the default first. */
  value: readonly string[];
  onChange(languages: string[]): void;
  /** The saved languages: a removal of one of these is said to keep its translations. */
  saved: readonly string[];
  error?: string;
}

/**
 * Settings → Languages: the site's languages, the default first and marked; add one from
 * LOCALES, remove one (asked first: its translations are kept, its pages no longer shown),
 * and make another the default (asked first: every item's texts move). Saved with the
 * settings.
 */
export function LanguagesField({ value, onChange, saved, error }: LanguagesFieldProps) {
  const ask = useConfirm();
  const addable = LOCALES.filter((locale) => !value.includes(locale.code));
  const [adding, setAdding] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const defaultName = languageName(value[0]);

  async function remove(code: string) {
    const name = languageName(code);
    const wasSaved = saved.includes(code);
    const yes = await ask({
      title: `Remove ${name} from the site?`,
      message: wasSaved
        ? `Once the settings are saved, visitors no longer get the site in ${name} (its /${code}/… pages answer “not found”) and the editors stop showing it. Its translations are kept: adding ${name} again brings them back.`
        : `${name} has not been saved yet: it is simply left out.`,
      confirmLabel: `Remove ${name}`,
      tone: 'danger',
    });
    if (!yes) return;
    onChange(value.filter((one) => one !== code));
    setAnnouncement(`${name} removed; save the settings to apply it`);
  }

  async function makeDefault(code: string) {
    const name = languageName(code);
    const yes = await ask({
      title: `Make ${name} the default language?`,
      message: `Once the settings are saved, every project, service and text shows ${name} where it has a translation at the unprefixed addresses, and ${defaultName} moves under /${value[0]}/…. Items without a ${name} translation keep their ${defaultName} text.`,
      confirmLabel: `Make ${name} the default`,
    });
    if (!yes) return;
    onChange([code, ...value.filter((one) => one !== code)]);
    setAnnouncement(`${name} is the default; save the settings to apply it`);
  }

  function add() {
    if (!adding) return;
    onChange([...value, adding]);
    setAnnouncement(`${languageName(adding)} added; save the settings to apply it`);
    setAdding('');
  }

  return (
    <div className="adm-languages">
      <ul className="adm-languages__list" aria-label="The site's languages">
        {value.map((code, index) => (
          <li key={code} className="adm-languages__row">
            <span className="adm-languages__name">
              <strong>{languageName(code)}</strong>
              {nativeName(code) && (
                <>
                  {' '}
                  <span lang={code}>{nativeName(code)}</span>
                </>
              )}
              {` · ${code}`}
            </span>
            {index === 0 ? (
              <Badge tone="accent">Default</Badge>
            ) : (
              <span className="adm-languages__actions">
                {!saved.includes(code) && <Badge tone="warning">Not saved yet</Badge>}
                <Button
                  variant="secondary"
                  className="adm-small-button"
                  aria-label={`Make default: ${languageName(code)}`}
                  onClick={() => void makeDefault(code)}
                >
                  Make default
                </Button>
                <button
                  type="button"
                  className="adm-icon-button adm-icon-button--danger"
                  aria-label={`Remove ${languageName(code)}`}
                  onClick={() => void remove(code)}
                >
                  <Icon name="trash" size={16} />
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="vt-field__hint">
        {`${defaultName} is the default language: its texts are each item's own, the others fall back to them, and its pages keep the addresses without a prefix. Every other language's pages live under its code (/hi/…).`}
      </p>
      {addable.length > 0 && (
        <div className="adm-languages__add">
          <SelectField
            id={LANGUAGES_ADD_ID}
            label="Add a language"
            placeholder="Choose a language"
            options={addable.map((locale) => ({
              value: locale.code,
              label: `${locale.name} (${locale.nativeName})`,
            }))}
            value={adding}
            error={error}
            onChange={(event) => setAdding(event.target.value)}
          />
          <Button variant="secondary" className="adm-small-button" disabled={!adding} onClick={add}>
            <Icon name="plus" size={16} />
            Add language
          </Button>
        </div>
      )}
      <p className="vt-visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}

import { TextArea, TextField, messageAt } from '@vitrine/ui';
import type { ReactElement } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { TranslationRow, translationLabel } from '../../../components/translation/TranslationRow';
import { languageName } from '../../../lib/site-languages';
import type { SettingsValues } from './settings-form';
import { fieldId } from './settings-form';
import { TRANSLATED_TEXTS } from './settings-translations';

export interface SettingsTranslationProps {
  form: UseFormReturn<SettingsValues>;
  code: string;
  defaultLanguage: string;
  /** The fields' labels, as the settings form names them. */
  labels: Record<string, string>;
}

/**
 * The settings' visitor-facing texts in one of the site's other languages, each beside the
 * default language's as the form holds it: the texts, the figures' labels, the offers'
 * titles and texts, and the home banner's alt text.
 */
export function SettingsTranslation({
  form,
  code,
  defaultLanguage,
  labels,
}: SettingsTranslationProps) {
  const values = useWatch({ control: form.control }) as SettingsValues;
  const { register, formState } = form;
  const bind = (path: string) => {
    const name = `translations.${code}.${path}` as FieldPath<SettingsValues>;
    return {
      id: fieldId(name),
      lang: code,
      error: messageAt(formState.errors, name),
      ...register(name),
    };
  };
  const row = (key: string, label: string, source: string, input: ReactElement) => (
    <TranslationRow key={key} label={label} source={source} sourceLanguage={defaultLanguage}>
      {input}
    </TranslationRow>
  );

  return (
    <section className="adm-translation" aria-label={`${languageName(code)} translation`}>
      <div className="adm-translation-rows">
        {TRANSLATED_TEXTS.map(({ name, max, multiline }) => {
          const label = labels[name] ?? name;
          const props = { label: translationLabel(label, code), maxLength: max, ...bind(name) };
          return row(
            name,
            label,
            values[name] ?? '',
            multiline ? <TextArea rows={3} {...props} /> : <TextField {...props} />,
          );
        })}
        {values.figures?.map((figure, index) =>
          row(
            `figure-${index}`,
            `Figure ${index + 1}: Label`,
            figure.label,
            <TextField
              label={translationLabel(`Figure ${index + 1}: Label`, code)}
              maxLength={60}
              {...bind(`figures.${index}.label`)}
            />,
          ),
        )}
        {values.offers?.flatMap((offer, index) => [
          row(
            `offer-${index}-title`,
            `Offer ${index + 1}: Title`,
            offer.title,
            <TextField
              label={translationLabel(`Offer ${index + 1}: Title`, code)}
              maxLength={120}
              {...bind(`offers.${index}.title`)}
            />,
          ),
          row(
            `offer-${index}-text`,
            `Offer ${index + 1}: Text`,
            offer.text,
            <TextArea
              rows={2}
              label={translationLabel(`Offer ${index + 1}: Text`, code)}
              maxLength={500}
              {...bind(`offers.${index}.text`)}
            />,
          ),
        ])}
        {values.banner &&
          row(
            'banner',
            'Home banner alt text',
            values.banner.alt,
            <TextField
              label={translationLabel('Home banner alt text', code)}
              maxLength={200}
              {...bind('banner.alt')}
            />,
          )}
      </div>
    </section>
  );
}

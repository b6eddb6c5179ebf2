import { bindField, TextField } from '@vitrine/ui';
import { Controller, useWatch } from 'react-hook-form';
import { RichTextEditor } from '../../../components/rich-text';
import { TranslationRow, translationLabel } from '../../../components/translation/TranslationRow';
import { languageName } from '../../../lib/site-languages';
import type { ContentType, TextKey } from '../content-type';
import {
  photoAltTranslationId,
  translatableFields,
  translationFieldId,
} from '../content-translations';
import type { ContentForm } from '../hooks/useContentForm';

/** The API's length limits of the text fields, which translations share. */
const MAX_LENGTHS: Partial<Record<string, number>> = {
  Name: 120,
  Category: 60,
  Heading: 200,
  Status: 60,
};

export interface ContentTranslationProps<P extends string, X extends string> {
  type: ContentType<P, X>;
  form: ContentForm;
  /** The language being translated into. */
  code: string;
  /** The default language, whose texts are shown beside the translation. */
  defaultLanguage: string;
  /** The record's page address in the default language, shown beside the translated one. */
  defaultSlug?: string;
}

/**
 * A record's texts in one of the site's other languages, side by side with the default
 * language's as the form holds them now: one row per text field, the description in the
 * same editor, the page address, and each photo's alt text.
 */
export function ContentTranslation<P extends string, X extends string>({
  type,
  form,
  code,
  defaultLanguage,
  defaultSlug,
}: ContentTranslationProps<P, X>) {
  const defaults = useWatch({ control: form.control, name: 'fields' }) as Record<string, string>;
  const photos = useWatch({ control: form.control, name: 'photos' });
  const name = languageName(code);
  const bind = (key: TextKey<X> | 'slug') =>
    bindField(form, `translations.${code}.${key}`, translationFieldId(type, code, key));
  const fields = translatableFields(type);

  return (
    <section className="adm-translation" aria-label={`${name} translation`}>
      <div className="adm-translation-rows">
        {fields
          .filter(({ key }) => key !== 'Description')
          .map(({ key, label, hint }) => (
            <TranslationRow
              key={key}
              label={label}
              source={defaults[key] ?? ''}
              sourceLanguage={defaultLanguage}
            >
              <TextField
                label={translationLabel(label, code)}
                hint={hint}
                lang={code}
                maxLength={MAX_LENGTHS[key] ?? 120}
                {...bind(key)}
              />
            </TranslationRow>
          ))}
        <TranslationRow
          label="Description"
          source={defaults.Description ?? ''}
          sourceLanguage={defaultLanguage}
          html
        >
          <Controller
            control={form.control}
            name={`translations.${code}.Description`}
            render={({ field, fieldState }) => (
              <RichTextEditor
                id={translationFieldId(type, code, 'Description')}
                label={translationLabel('Description', code)}
                lang={code}
                value={field.value ?? ''}
                error={fieldState.error?.message}
                onChange={field.onChange}
              />
            )}
          />
        </TranslationRow>
        <TranslationRow
          label="Page address"
          source={defaultSlug ?? ''}
          sourceLanguage={defaultLanguage}
        >
          <TextField
            label={translationLabel('Page address', code)}
            hint={`The end of the ${name} page's address, /${code}${type.pagePath}…: lowercase Latin letters, digits and hyphens (a transliteration). Left empty, the ${name} page uses the ${languageName(defaultLanguage)} address; a changed one keeps the old one redirecting.`}
            maxLength={80}
            spellCheck={false}
            autoCapitalize="none"
            {...bind('slug')}
          />
        </TranslationRow>
        {photos.map((photo, index) => (
          <TranslationRow
            key={photo.mediaId}
            label={`Alt text of photo ${index + 1}`}
            source={photo.alt}
            sourceLanguage={defaultLanguage}
          >
            <Controller
              control={form.control}
              name={`photos.${index}.translations.${code}.alt`}
              render={({ field, fieldState }) => (
                <TextField
                  id={photoAltTranslationId(type, code, index)}
                  label={translationLabel(`Alt text of photo ${index + 1}`, code)}
                  lang={code}
                  maxLength={200}
                  value={field.value ?? ''}
                  error={fieldState.error?.message}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
          </TranslationRow>
        ))}
      </div>
    </section>
  );
}

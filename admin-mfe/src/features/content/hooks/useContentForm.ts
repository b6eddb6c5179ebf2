import { useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useAdminForm, type AdminForm } from '../../../lib/forms/use-admin-form';
import { listAddress } from '../../../lib/list-return';
import { adminPath } from '../../../lib/paths';
import { saveContent } from '../api/save-content';
import { capitalize, type ContentRecord, type ContentType } from '../content-type';
import { contentRules, pathOfApiField, valuesOf, type ContentValues } from '../content-values';

/**
 * The form as the content screens use it. Typed by the form's paths (`fields.Name`), which
 * react-hook-form cannot follow through a type's own field names, so the keys are strings.
 */
export type ContentFormValues = ContentValues<string>;

export interface ContentForm extends AdminForm<ContentFormValues> {
  /** The save's progress while sending, from 0 to 1; null when not saving. */
  progress: number | null;
  submit: ReturnType<AdminForm<ContentFormValues>['submitWith']>;
}

/**
 * The add or edit form: saving checks what it can first, then shows the API's field errors
 * or goes back to the list.
 */
export function useContentForm<P extends string, X extends string>(
  type: ContentType<P, X>,
  record?: ContentRecord<P, X>,
  /** The site's languages other than the default, which the form translates into. */
  languages: readonly string[] = [],
): ContentForm {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const rules = contentRules(type);
  const form = useAdminForm<ContentFormValues>({
    defaultValues: valuesOf(type, record, languages),
    rules: (values) => rules(values as ContentValues<X>),
    failure: `The ${type.one} was not saved`,
    pathOf: (apiField) => pathOfApiField(type, apiField) as FieldPath<ContentFormValues>,
    draft: {
      key: `${type.slug}:${record?._id ?? 'new'}`,
      base: record?.updatedAt,
      restore: (stored, current) => ({ ...current, ...(stored as Partial<ContentFormValues>) }),
    },
  });

  const submit = form.submitWith(async (values) => {
    setProgress(0);
    let saved: { _id: string } | undefined;
    try {
      saved = await saveContent(type, record?._id, values as ContentValues<X>, setProgress);
    } finally {
      setProgress(null);
    }
    form.toastSaved(`${capitalize(type.one)} ${record ? 'saved' : 'added'}`);
    navigate(listAddress(adminPath(type.slug)), { state: { savedId: saved?._id } });
  });

  return Object.assign(form, { progress, submit });
}

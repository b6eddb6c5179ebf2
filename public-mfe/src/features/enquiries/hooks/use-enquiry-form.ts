import { ApiError, type NewEnquiry } from '@vitrine/api-client';
import { describeWaitIn, type TFunction, useTranslation } from '../../../lib/i18n';
import type { EnquirySource } from '@vitrine/contracts';
import { bindField, placeFieldErrors, useRuleForm } from '@vitrine/ui';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { reportAction } from '../../../lib/insights';
import { createEnquiry } from '../api/create-enquiry';
import { hiddenFieldsOf, type EnquiryFormView, type FormProblem } from '../enquiry-form-view';
import type { FieldErrors, Values } from '../validation';

export interface EnquiryFormOptions<K extends string> {
  /** Prefixes the inputs' ids, so two forms can share a page. */
  id: string;
  /** Which form this is: the API answers a form the browser posted itself with it. */
  source: EnquirySource;
  fields: readonly K[];
  /** The form's own checks, their messages said by `t` in the page's language. */
  validate(values: Values<K>, t: TFunction): FieldErrors<K>;
  /** The request body from the values and the honeypot's content ('' from people). */
  toEnquiry(values: Values<K>, website: string): NewEnquiry;
  /**
   * What the fields start with (e.g. a message naming the product asked about). Given later
   * (once loaded), it fills only the fields still empty: nothing typed is overwritten.
   */
  initialValues?: Partial<Values<K>>;
}

/**
 * The state both enquiry forms share, on react-hook-form as every form of the site
 * (`useRuleForm`): values, inline errors, sending, and the outcome. Nothing is sent while a
 * field is invalid, and focus goes to the first field at fault; the form is cleared only
 * after the API answered 201; on any failure the values stay and the API's field errors land
 * on their inputs.
 */
export function useEnquiryForm<K extends string>({
  id,
  source,
  fields,
  validate,
  toEnquiry,
  initialValues,
}: EnquiryFormOptions<K>): EnquiryFormView<K> {
  const { t } = useTranslation();
  const empty = () => Object.fromEntries(fields.map((name) => [name, ''])) as Values<K>;
  // Typed by plain names inside: react-hook-form's path types do not follow a generic `K`.
  const form = useRuleForm<Values<string>>({
    defaultValues: { ...empty(), ...initialValues },
    rules: (values) => validate(values as Values<K>, t),
    // No summary for the form's own checks: the first field at fault takes focus.
    focusFirstError: true,
  });
  const { formState, getValues, setValue, subscribe, reset, setError } = form;
  // Posted by the browser itself (before the page's script ran), the form comes back with
  // its outcome in the address: ?sent=contact, or ?notsent=contact&status=400.
  const [searchParams] = useSearchParams();
  const [problem, setProblem] = useState<FormProblem | null>(() =>
    searchParams.get('notsent') === source
      ? { message: postedFailureMessage(Number(searchParams.get('status')), t), items: [] }
      : null,
  );
  const [sent, setSent] = useState(() => searchParams.get('sent') === source);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const inputId = (name: K) => `${id}-${name}`;

  // Initial values that arrive later fill the fields still empty, before the browser paints
  // (so no frame shows the old values).
  const initialKey = JSON.stringify(initialValues ?? {});
  const appliedKey = useRef(initialKey);
  useLayoutEffect(() => {
    if (appliedKey.current === initialKey) return;
    appliedKey.current = initialKey;
    for (const [name, value] of Object.entries<string | undefined>(initialValues ?? {})) {
      if (value !== undefined && getValues(name) === '') setValue(name, value);
    }
    // `initialValues` is a new object each render: the key says when its content changed.
  }, [initialKey, initialValues, getValues, setValue]);

  // The visitor typing again means the last success is no longer news. Only an input event
  // counts (it has a type): filling in initial values does not.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ type }) => {
          if (type) setSent(false);
        },
      }),
    [subscribe],
  );

  function field(name: K) {
    return {
      ...bindField(form, name, inputId(name)),
      // The server render writes it into the page (react-hook-form's inputs are uncontrolled).
      defaultValue: formState.defaultValues?.[name],
    };
  }

  async function send(values: Values<string>) {
    try {
      await createEnquiry(toEnquiry(values as Values<K>, honeypotRef.current?.value ?? ''));
      reset(empty());
      // Said once, by the form's own status line: a toast as well would say it twice (and
      // cover the phone's contact bar).
      setSent(true);
      reportAction(source === 'callback' ? 'callback' : 'enquiry');
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const placed = placeFieldErrors(setError, apiError?.fieldErrors ?? {}, (name) =>
        (fields as readonly string[]).includes(name) ? name : undefined,
      );
      setProblem({
        message: failureMessage(apiError, t),
        items: placed.map(({ message, path }) =>
          path ? { message, fieldId: inputId(path as K) } : { message },
        ),
      });
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (formState.isSubmitting) return;
    setSent(false);
    setProblem(null);
    void form.handleSubmit(send)(event);
  }

  return {
    field,
    handleSubmit,
    sending: formState.isSubmitting,
    sent,
    problem,
    honeypotRef,
    hiddenFields: hiddenFieldsOf(toEnquiry(empty(), ''), fields),
  };
}

/** What the visitor reads when the enquiry was not stored; their text is still in the form. */
export function failureMessage(error: ApiError | null, t: TFunction): string {
  if (error?.status === 400) return t('enquiry.failed.fields');
  if (error?.status === 429) {
    const wait = error.retryAfterSeconds;
    return wait
      ? t('enquiry.failed.tooManyIn', { wait: describeWaitIn(t, wait) })
      : t('enquiry.failed.tooManyLater');
  }
  if (error?.status === 0) return t('enquiry.failed.noAnswer');
  return t('enquiry.failed.ourSide');
}

/** What the visitor reads when the form the browser posted itself came back unsent. */
export function postedFailureMessage(status: number, t: TFunction): string {
  if (status === 400) return t('enquiry.postedFailed.fields');
  if (status === 429) return t('enquiry.failed.tooManyLater');
  return t('enquiry.postedFailed.ourSide');
}

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { restingForm } from '../enquiry-form-view';
import { CALLBACK_FIELDS, type CallbackField, type Values } from '../validation';
import { CALLBACK, CallbackFields } from './CallbackFields';
import type { CallbackForm } from './CallbackForm';
import './enquiry-form.css';

/*
 * The home page's call-back form, with the code that runs it (react-hook-form most of it,
 * about 10 KB compressed) kept out of the home page's first JavaScript, which has a budget
 * (the public remote's own code at most 40 KB: e2e/src/public/pages.e2e.ts; the whole page
 * 170 KB: bench:web). The form sits near the end of the page, so that code loads when the
 * visitor comes near the form or touches it. Until then the form is its markup, which ships
 * with the page, styles and all: the server's HTML, kept as it came by React (a Suspense
 * boundary not hydrated yet), or the same markup drawn here after moving from another page.
 * It is typed into as any form, and a send asked for before the code has come is held and
 * made once it has. Without script it posts itself, as it always did.
 */

/**
 * Resolved once the form's code is wanted: at once on the server, which renders the form.
 * Module state on purpose, as `lazy()` is: the code is fetched once per page load, and stays.
 */
let wantCode: () => void = () => undefined;
const codeWanted = new Promise<void>((resolve) => {
  wantCode = resolve;
});
if (typeof document === 'undefined') wantCode();
const loadCode = () => wantCode();

/** What one form shares with the code that will run it; each form on the page has its own. */
interface Waiting {
  /** The form drawn while its code has not come: the server's, or the resting one. */
  form: HTMLFormElement | null;
  /** A send asked for before the code had come, to make once it has. */
  sendWhenLive: boolean;
  /** The code runs this form now. */
  live: boolean;
}

interface LiveProps {
  /** What was typed in the form waiting for the code. */
  typedSoFar(): Partial<Values<CallbackField>>;
  /** The code runs the form now: a held send is made. */
  onLive(): void;
}

const LiveCallbackForm = lazy(async () => {
  await codeWanted;
  const { CallbackForm: Form } = await import('./CallbackForm');
  function LoadedCallbackForm(props: LiveProps) {
    return <Live form={Form} {...props} />;
  }
  return { default: LoadedCallbackForm };
});

function Live({ form: Form, typedSoFar, onLive }: LiveProps & { form: typeof CallbackForm }) {
  // What was typed meanwhile: the form starts from it rather than blanking it.
  const [typed] = useState(typedSoFar);
  useEffect(() => onLive(), [onLive]);
  return <Form initialValues={typed} />;
}

const resting = restingForm({
  id: CALLBACK.id,
  fields: CALLBACK.fields,
  enquiry: CALLBACK.toEnquiry({ Name: '', Contact: '', Email: '', Message: '' }, ''),
});

/** The home page's call-back request; the code that runs it loads when it is needed. */
export function DeferredCallbackForm() {
  const ref = useRef<HTMLDivElement>(null);
  const waiting = useRef<Waiting>({ form: null, sendWhenLive: false, live: false });
  const typedSoFar = useCallback(() => valuesOf(waiting.current.form), []);
  const onLive = useCallback(() => {
    waiting.current.live = true;
    if (waiting.current.sendWhenLive) {
      waiting.current.sendWhenLive = false;
      // The form the code runs now: the server's kept, or a new one in the resting one's place.
      ref.current?.querySelector('form')?.requestSubmit();
    }
  }, []);

  useEffect(() => {
    const form = ref.current?.querySelector('form') ?? null;
    // Once the code has come, a form drawn again is live from the start (Live's effect, a
    // child's, has run first).
    if (waiting.current.live || !form) return undefined;
    waiting.current.form = form;
    if (typeof IntersectionObserver === 'undefined') {
      loadCode();
      return undefined;
    }
    const near = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadCode();
      },
      { rootMargin: '0px 0px 50% 0px' },
    );
    near.observe(form);
    // A send before the code has come would post the page away: hold it. On the document,
    // in the capture phase, so that it runs before React's listener, which stops an event
    // aimed at a part it has not hydrated (and lets the browser send the form).
    const holdSend = (event: SubmitEvent) => {
      if (waiting.current.live || event.target !== form) return;
      event.preventDefault();
      waiting.current.sendWhenLive = true;
      loadCode();
    };
    form.addEventListener('focusin', loadCode);
    form.addEventListener('pointerdown', loadCode);
    document.addEventListener('submit', holdSend, true);
    return () => {
      near.disconnect();
      form.removeEventListener('focusin', loadCode);
      form.removeEventListener('pointerdown', loadCode);
      document.removeEventListener('submit', holdSend, true);
    };
  }, []);

  return (
    <div ref={ref} className="enquiry-form-slot">
      <Suspense fallback={<CallbackFields form={resting} />}>
        <LiveCallbackForm typedSoFar={typedSoFar} onLive={onLive} />
      </Suspense>
    </div>
  );
}

function valuesOf(form: HTMLFormElement | null): Partial<Values<CallbackField>> {
  const typed: Partial<Values<CallbackField>> = {};
  // None on the server (which has no HTMLInputElement either), nor before a form was shown.
  if (!form) return typed;
  for (const name of CALLBACK_FIELDS) {
    const input = form.elements.namedItem(name);
    if (
      (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) &&
      input.value
    ) {
      typed[name] = input.value;
    }
  }
  return typed;
}

import { type ReactNode, useEffect, useRef } from 'react';
import { cx } from '../classNames';
import { useUiWords } from '../ui-words';
import { hasContent } from './useFieldIds';
import './form-error.css';

export interface FormErrorItem {
  message: string;
  /** The id of the field at fault; the message then links to it. */
  fieldId?: string;
}

export interface FormErrorProps {
  title?: ReactNode;
  /** The form-level message, e.g. the API error's `message`. */
  message?: ReactNode;
  /** One entry per invalid field. */
  errors?: readonly FormErrorItem[];
  className?: string;
}

/**
 * The summary at the top of a form that failed to submit. It takes focus when it appears or
 * has something new to say, so keyboard and screen-reader users land on it, but not when a
 * message goes because its field was corrected: that would pull the caret out of the field
 * being typed in. Links each message to its field; renders nothing when there is nothing to say.
 */
export function FormError({ title, message, errors = [], className }: FormErrorProps) {
  const words = useUiWords();
  const ref = useRef<HTMLDivElement>(null);
  const said = useRef<ReadonlySet<string>>(new Set());
  const visible = hasContent(message) || errors.length > 0;
  const saying = [typeof message === 'string' ? message : '', ...errors.map((e) => e.message)];
  const signature = saying.join('|');

  useEffect(() => {
    const news = saying.some((line) => !said.current.has(line));
    said.current = new Set(visible ? saying : []);
    if (visible && news) ref.current?.focus();
    // `saying` is a new array each render; `signature` is its content.
  }, [visible, signature]);

  if (!visible) return null;
  return (
    <div ref={ref} className={cx('vt-form-error', className)} role="alert" tabIndex={-1}>
      <p className="vt-form-error__title">{title ?? words.formErrorTitle}</p>
      {hasContent(message) && <div className="vt-form-error__message">{message}</div>}
      {errors.length > 0 && (
        <ul className="vt-form-error__list">
          {errors.map((item, index) => (
            <li key={`${item.fieldId ?? ''}-${index}`}>
              {item.fieldId ? <a href={`#${item.fieldId}`}>{item.message}</a> : item.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

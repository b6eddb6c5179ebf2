import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { cx } from '../classNames';
import '../forms/field.css';
import './search-box.css';

export interface SearchBoxProps {
  label: string;
  /** Called with the trimmed text, `delayMs` after the last keystroke, or at once on Enter. */
  onSearch(query: string): void;
  defaultValue?: string;
  placeholder?: string;
  delayMs?: number;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  className?: string;
}

/** A labelled search landmark that searches as the user types, without a request per key. */
export function SearchBox({
  label,
  onSearch,
  defaultValue = '',
  placeholder,
  delayMs = 300,
  hideLabel = false,
  className,
}: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(defaultValue);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A search still pending when the box goes away must not fire into an unmounted page.
  useEffect(() => () => clearTimeout(timer.current), []);

  function handleChange(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(value.trim()), delayMs);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearTimeout(timer.current);
    onSearch(text.trim());
  }

  return (
    <form role="search" className={cx('vt-search', className)} onSubmit={handleSubmit}>
      <label htmlFor={id} className={cx('vt-field__label', hideLabel && 'vt-visually-hidden')}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="vt-input vt-search__input"
        value={text}
        placeholder={placeholder}
        onChange={(event) => handleChange(event.target.value)}
      />
    </form>
  );
}

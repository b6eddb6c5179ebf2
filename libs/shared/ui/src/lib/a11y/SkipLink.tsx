import type { ReactNode } from 'react';
import { useUiWords } from '../ui-words';
import './skip-link.css';

export interface SkipLinkProps {
  /** The id of the main landmark, with its `#`. */
  href?: string;
  children?: ReactNode;
}

/**
 * The first focusable thing on a page: keyboard users jump past the navigation with it.
 * Hidden until focused.
 */
export function SkipLink({ href = '#main', children }: SkipLinkProps) {
  const words = useUiWords();
  return (
    <a className="vt-skip-link" href={href}>
      {children ?? words.skipToContent}
    </a>
  );
}

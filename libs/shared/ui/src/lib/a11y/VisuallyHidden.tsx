import type { ComponentPropsWithRef } from 'react';

/** Text that screen readers announce but sighted users do not see (e.g. a table caption). */
export function VisuallyHidden({ className, ...rest }: ComponentPropsWithRef<'span'>) {
  return <span {...rest} className={['vt-visually-hidden', className].filter(Boolean).join(' ')} />;
}

import { linkButtonClass } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from './Icon';

/** A list page's primary action, "Add project": a link to the add form with a plus. */
export function AddLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className={linkButtonClass('primary')} to={to}>
      <Icon name="plus" size={18} />
      {children}
    </Link>
  );
}

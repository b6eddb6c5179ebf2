import type { ReactNode } from 'react';
import './page.css';
import './page-header.css';

export interface PageHeaderProps {
  /** The page's one h1; also the document title, "Projects · Vitrine admin". */
  title: string;
  description?: ReactNode;
  /** Buttons or links on the right, e.g. "Add project". */
  actions?: ReactNode;
  /** A link back, shown above the heading on form pages. */
  back?: ReactNode;
}

export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <header className="adm-page-header">
      <title>{`${title} · Vitrine admin`}</title>
      <div className="adm-page-header__text">
        {back && <div className="adm-page-header__back">{back}</div>}
        <h1 className="adm-page-header__title">{title}</h1>
        {description && <p className="adm-page-header__description">{description}</p>}
      </div>
      {actions && <div className="adm-page-header__actions">{actions}</div>}
    </header>
  );
}

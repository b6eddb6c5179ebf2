import type { ReactNode } from 'react';
import './page-intro.css';

export interface PageIntroProps {
  /** The page's one h1. */
  title: ReactNode;
  /** A short line above the title (e.g. the category). */
  eyebrow?: ReactNode;
  /** A sentence under the title. */
  lead?: ReactNode;
  /** A picture behind the band (e.g. the product's own image). */
  background?: ReactNode;
}

/** The band at the top of every page but Home: where you are, in one heading. */
export function PageIntro({ title, eyebrow, lead, background }: PageIntroProps) {
  return (
    <div className={background ? 'page-intro page-intro--image' : 'page-intro'}>
      {background && <div className="page-intro__background">{background}</div>}
      <div className="site-container page-intro__content">
        {eyebrow && <p className="page-intro__eyebrow">{eyebrow}</p>}
        <h1 className="page-intro__title">{title}</h1>
        {lead && <p className="page-intro__lead">{lead}</p>}
      </div>
    </div>
  );
}

import { linkButtonClass } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useServerStatus } from '../lib/server-response';
import { PageIntro } from './PageIntro';

export interface NotFoundMessageProps {
  title?: string;
  children?: ReactNode;
  /** A way back to the list the missing item belonged to. */
  back?: { to: string; label: string };
}

/** A friendly dead end: what happened and where to go instead, never a blank page. */
export function NotFoundMessage({
  title = 'Page not found',
  children = 'The page you were looking for is not here. It may have moved, or the link may be mistyped.',
  back,
}: NotFoundMessageProps) {
  useServerStatus(404);
  return (
    <>
      <PageIntro title={title} eyebrow="404" />
      <div className="site-container site-section">
        <p className="not-found__text">{children}</p>
        <p className="not-found__links">
          {back && (
            <Link className={linkButtonClass('primary')} to={back.to}>
              {back.label}
            </Link>
          )}
          <Link className={linkButtonClass(back ? 'secondary' : 'primary')} to="/">
            Back to the home page
          </Link>
        </p>
      </div>
    </>
  );
}

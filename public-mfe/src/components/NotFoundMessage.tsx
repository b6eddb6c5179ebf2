import { linkButtonClass } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { Link } from '../lib/links';
import { useServerStatus } from '../lib/server-response';
import { PageIntro } from './PageIntro';
import { useTranslation } from '../lib/i18n';

export interface NotFoundMessageProps {
  title?: string;
  /** The small line above the title. */
  eyebrow?: string;
  children?: ReactNode;
  /** A way back to the list the missing item belonged to (the home page when left out). */
  back?: { to: string; label: string };
}

/**
 * A friendly dead end: what happened and where to go instead, never a blank page. One way
 * on: the list the item belonged to, and the home page besides only when that is elsewhere.
 */
export function NotFoundMessage({ title, eyebrow = '404', children, back }: NotFoundMessageProps) {
  const { t } = useTranslation();
  useServerStatus(404);
  const homeToo = !back || back.to !== '/';
  return (
    <>
      <PageIntro title={title ?? t('notFound.title')} eyebrow={eyebrow} />
      <div className="site-container site-section">
        <p className="not-found__text">{children ?? t('notFound.text')}</p>
        <p className="not-found__links">
          {back && (
            <Link className={linkButtonClass('primary')} to={back.to}>
              {back.label}
            </Link>
          )}
          {homeToo && (
            <Link className={linkButtonClass(back ? 'secondary' : 'primary')} to="/">
              {t('notFound.home')}
            </Link>
          )}
        </p>
      </div>
    </>
  );
}

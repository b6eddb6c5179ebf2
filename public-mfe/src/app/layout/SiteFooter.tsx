import type { SiteSettings } from '@vitrine/api-client';
import { Link } from '../../lib/links';
import { chatHref, telHref } from '../../lib/format';
import { Logo } from './Logo';
import { SITE_LINKS } from './site-links';
import { useTranslation } from '../../lib/i18n';
import './site-footer.css';

/** The footer: everything in it but the page list comes from the site settings. */
export function SiteFooter({ settings }: { settings: SiteSettings | undefined }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-container site-footer__grid">
        <div className="site-footer__brand">
          <Logo />
          {settings && <p className="site-footer__description">{settings.description}</p>}
        </div>
        {settings && (
          <>
            <section className="site-footer__block" aria-labelledby="footer-visit">
              <h2 id="footer-visit" className="site-footer__heading">
                {t('footer.visitUs')}
              </h2>
              <address className="site-footer__address">{settings.address}</address>
            </section>
            <section className="site-footer__block" aria-labelledby="footer-contact">
              <h2 id="footer-contact" className="site-footer__heading">
                {t('footer.getInTouch')}
              </h2>
              <ul className="site-footer__list">
                <li>
                  <a href={`mailto:${settings.email}`}>{settings.email}</a>
                </li>
                <li>
                  <a href={telHref(settings.phone)}>{settings.phone}</a>
                </li>
                {chatHref(settings) && (
                  <li>
                    <a href={chatHref(settings)}>{t('contact.chat')}</a>
                  </li>
                )}
              </ul>
              {settings.social.length > 0 && (
                <ul className="site-footer__social" aria-label={t('footer.followUs')}>
                  {settings.social.map((link) => (
                    <li key={link.url}>
                      <a href={link.url}>{link.label}</a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
        <nav className="site-footer__block" aria-label={t('footer.nav')}>
          <h2 className="site-footer__heading">{t('footer.explore')}</h2>
          <ul className="site-footer__list site-footer__list--columns">
            {SITE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="site-container site-footer__legal">
        {settings && (
          <>
            <p>
              © {new Date().getFullYear()} {settings.companyName}
            </p>
            <p>{settings.taxLine}</p>
          </>
        )}
        <p>
          <Link to="/privacy">Privacy</Link>
        </p>
        {/* The studio's own way in: kept out of the visitors' header (SPEC's /login route). */}
        <p>
          <Link to="/login" className="site-footer__sign-in">
            {t('footer.signIn')}
          </Link>
        </p>
      </div>
    </footer>
  );
}

import { useTranslation } from '../../../lib/i18n';
import { useLocale } from '../../../lib/locale';
import { intlLocale } from '@vitrine/contracts';
import './preview-banner.css';

/**
 * Says on every screenful that this is not the site yet: an editor's unsaved changes (for
 * that editor only), or a draft shared with a client through a link.
 */
export function PreviewBanner({
  expiresAt,
  shared = false,
}: {
  expiresAt: string;
  shared?: boolean;
}) {
  const { t } = useTranslation();
  const language = intlLocale(useLocale().locale);
  const end = new Date(expiresAt);
  const until = shared
    ? end.toLocaleDateString(language, { day: 'numeric', month: 'long', year: 'numeric' })
    : end.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="preview-banner" role="status">
      <strong className="preview-banner__label">{t('preview.eyebrow')}</strong>{' '}
      <span>
        {shared ? t('preview.sharedBanner', { until }) : t('preview.ownBanner', { until })}
      </span>
    </div>
  );
}

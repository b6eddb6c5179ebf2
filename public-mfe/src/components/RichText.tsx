import { groupDigitsInHtml } from '@vitrine/contracts';
import { useLocale } from '../lib/locale';
import './rich-text.css';

/**
 * A description written in the admin's rich-text editor. The API sanitises this HTML when it
 * is saved (an allow-list of tags and attributes, no scripts, styles or event handlers), so
 * the server is the sanitiser and the page renders the markup as it comes, its numbers
 * grouped as the site writes them.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const { locale } = useLocale();
  return (
    <div
      className={['rich-text', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: groupDigitsInHtml(html, locale) }}
    />
  );
}

import { PageIntro } from '../../components/PageIntro';
import { insightsPolicyQuery } from '../../features/insights/api/get-insights-policy';
import { useLocale } from '../../lib/locale';
import { pageLoader } from '../../lib/page-loader';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { privacyNote } from './privacy-note';
import './pages.css';

export const loader = pageLoader(({ queryClient, api }) =>
  queryClient.prefetchQuery(insightsPolicyQuery.options(api)),
);

/** `/privacy`: what the site's visit insights count and what they do not, in the page's language. */
export default function PrivacyPage() {
  const settings = useSiteSettings().data;
  const { locale } = useLocale();
  const policy = insightsPolicyQuery.useAnswer().data;
  const note = privacyNote(locale, { retentionMonths: policy?.retentionMonths });

  usePageMeta({ page: 'privacy', title: note.title, description: note.description }, settings);

  return (
    <div lang={note.language}>
      <PageIntro eyebrow={settings?.companyName} title={note.title} lead={note.lead} />
      <div className="site-section">
        <div className="site-container privacy-note">
          {note.sections.map((section, index) => (
            <section key={section.heading} aria-labelledby={`privacy-${index}`}>
              <h2 id={`privacy-${index}`} className="section-heading__title">
                {section.heading}
              </h2>
              <ul className="privacy-note__list">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

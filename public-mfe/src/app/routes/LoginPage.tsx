import { PageIntro } from '../../components/PageIntro';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { useTranslation } from '../../lib/i18n';
import './pages.css';

/** `/login`: the administrators' sign-in. */
export default function LoginPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings().data;
  usePageMeta({ page: 'login' }, settings);
  return (
    <>
      <PageIntro eyebrow={t('login.eyebrow')} title={t('login.title')} />
      <div className="site-container site-section login-page">
        <LoginForm />
      </div>
    </>
  );
}

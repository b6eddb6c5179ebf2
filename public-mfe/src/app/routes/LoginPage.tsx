import { PageIntro } from '../../components/PageIntro';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import './pages.css';

/** `/login`: the administrators' sign-in. */
export default function LoginPage() {
  const settings = useSiteSettings().data;
  usePageMeta({ page: 'login' }, settings);
  return (
    <>
      <PageIntro eyebrow="Administrators" title="Sign in" />
      <div className="site-container site-section login-page">
        <LoginForm />
      </div>
    </>
  );
}

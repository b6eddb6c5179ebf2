import { unwrap } from '@vitrine/api-client';
import { storeToken } from '@vitrine/auth';
import { Button, FormError, PasswordField, TextField, UiProvider } from '@vitrine/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../lib/api-client';
import { errorMessage } from '../lib/errors';
import '../components/page.css';

/**
 * Standalone mode only (the remote served on its own, without the shell): the real /login
 * page belongs to the public remote, so this small form stands in for it during development.
 */
export function StandaloneLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const next = params.get('next');
  const target = next?.startsWith('/admin') ? next : '/admin/user';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const { token } = await unwrap(
        api.POST('/api/user/login', { body: { UserName: userName, Password: password } }),
      );
      storeToken(token);
      navigate(target, { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <UiProvider>
      <main id="main" className="adm-no-access">
        <title>Sign in · Vitrine admin (standalone)</title>
        <form className="adm-card" style={{ width: 'min(24rem, 100%)' }} onSubmit={handleSubmit}>
          <h1 className="adm-no-access__title">Sign in</h1>
          <p className="adm-muted">
            Standalone admin remote: the site’s own login page is not here.
          </p>
          <FormError message={error} />
          <TextField
            label="User name"
            autoComplete="username"
            value={userName}
            onChange={(e) => setUserName(e.target.value)}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" busy={busy}>
            Sign in
          </Button>
        </form>
      </main>
    </UiProvider>
  );
}

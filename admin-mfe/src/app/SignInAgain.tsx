import { storeTokenHere } from './token-store';
import { unwrap } from '@vitrine/api-client';
import { Button, FormError, Modal, PasswordField } from '@vitrine/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { anonymousApi } from '../lib/api-client';
import { errorMessage } from '../lib/errors';

export interface SignInAgainProps {
  userName: string;
  /** Signed in again: the new token, stored already. */
  onSignedIn(token: string): void;
  /** The administrator would rather sign out (the sign-in page; the form stays a draft). */
  onSignOut(): void;
}

/**
 * Over the page whose request found the session ended: the password, and the request then
 * goes through as if nothing had happened, with everything typed on the page still there.
 */
export function SignInAgain({ userName, onSignedIn, onSignOut }: SignInAgainProps) {
  const titleId = useId();
  const bodyId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setProblem('Enter your password');
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const { token } = await unwrap(
        anonymousApi.POST('/api/user/login', { body: { UserName: userName, Password: password } }),
      );
      storeTokenHere(token);
      onSignedIn(token);
    } catch (error) {
      setProblem(errorMessage(error, 'You could not be signed in'));
      setBusy(false);
    }
  }

  return (
    <Modal
      labelledBy={titleId}
      describedBy={bodyId}
      onClose={() => passwordRef.current?.focus()}
      initialFocus={passwordRef}
      className="adm-sign-in-again"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId} className="vt-modal__title">
          Sign in again to carry on
        </h2>
        <p id={bodyId} className="vt-modal__body">
          Your session has ended. Everything on this page is kept: sign in as{' '}
          <strong>{userName}</strong> and what you were doing goes through.
        </p>
        <FormError title="Not signed in" message={problem} />
        <PasswordField
          ref={passwordRef}
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <div className="vt-modal__actions">
          <Button variant="secondary" onClick={onSignOut} disabled={busy}>
            Sign out
          </Button>
          <Button type="submit" busy={busy}>
            Sign in
          </Button>
        </div>
      </form>
    </Modal>
  );
}

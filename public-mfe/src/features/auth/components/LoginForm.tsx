import { ApiError } from '@vitrine/api-client';
import { storeToken } from '@vitrine/auth';
import { WRONG_CREDENTIALS } from '@vitrine/contracts';
import {
  Button,
  FormError,
  PasswordField,
  TextField,
  bindField,
  placeFieldErrors,
  useRuleForm,
  type FieldMessages,
} from '@vitrine/ui';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { describeWait } from '../../../lib/format';
import { login } from '../api/login';
import { safeNextPath } from '../safe-next';
import './login-form.css';

interface Credentials {
  UserName: string;
  Password: string;
}

const FIELDS = ['UserName', 'Password'] as const;

/** What is checked before sending: both filled in (a user name of spaces is empty). */
function checkCredentials(values: Credentials): FieldMessages {
  return {
    UserName: values.UserName.trim() === '' ? 'Enter your user name' : undefined,
    Password: values.Password === '' ? 'Enter your password' : undefined,
  };
}

/**
 * Sign-in for administrators, on react-hook-form as every form of the site (`useRuleForm`).
 * Empty fields are caught here and nothing is sent; a wrong user name or password answers
 * 'Wrong Credentials'; on success the token is stored where the admin area reads it and the
 * browser goes to `?next=` (admin paths only) or the overview, at once.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useRuleForm<Credentials>({
    defaultValues: { UserName: '', Password: '' },
    rules: checkCredentials,
    // The summary says only what the API answered: the form's own checks focus the field.
    focusFirstError: true,
  });
  const { formState, setError } = form;
  // Still busy once signed in: the admin area may take a moment to load, and a second
  // sign-in meanwhile would only start another session.
  const busy = formState.isSubmitting || formState.isSubmitSuccessful;

  async function signIn(values: Credentials) {
    try {
      const token = await login({ UserName: values.UserName.trim(), Password: values.Password });
      storeToken(token);
      navigate(safeNextPath(params.get('next')), { replace: true });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.status === 400) {
        placeFieldErrors(setError, apiError.fieldErrors, (name) =>
          (FIELDS as readonly string[]).includes(name) ? (name as keyof Credentials) : undefined,
        );
      }
      setError('root.server', { type: 'server', message: signInProblem(apiError) });
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    void form.handleSubmit(signIn)(event);
  }

  return (
    <form className="login-form" noValidate onSubmit={handleSubmit} aria-label="Sign in">
      <FormError title="You are not signed in" message={formState.errors.root?.server?.message} />
      <TextField
        label="UserName"
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={120}
        {...bindField(form, 'UserName', 'login-UserName')}
      />
      <PasswordField
        label="Password"
        required
        autoComplete="current-password"
        {...bindField(form, 'Password', 'login-Password')}
      />
      <Button type="submit" busy={busy} className="login-form__submit">
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}

function signInProblem(error: ApiError | null): string {
  if (error?.status === 401) return WRONG_CREDENTIALS;
  if (error?.status === 429) {
    const wait = error.retryAfterSeconds;
    return `Too many sign-in attempts. Please try again ${
      wait ? `in ${describeWait(wait)}` : 'a little later'
    }.`;
  }
  if (error?.status === 400) return 'Please check the fields marked.';
  if (error?.status === 0)
    return 'The server could not be reached. Check your connection and try again.';
  return 'Signing in failed because of a problem on our side. Please try again in a moment.';
}

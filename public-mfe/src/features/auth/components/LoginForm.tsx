import { ApiError } from '@vitrine/api-client';
import { storeToken } from '@vitrine/auth';
import { WRONG_CREDENTIALS } from '@vitrine/contracts';
import { Button, FormError, PasswordField, TextField } from '@vitrine/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { describeWait } from '../../../lib/format';
import { login } from '../api/login';
import { safeNextPath } from '../safe-next';
import './login-form.css';

type Field = 'UserName' | 'Password';
type Errors = Partial<Record<Field, string>>;

const REQUIRED: Record<Field, string> = {
  UserName: 'Enter your user name',
  Password: 'Enter your password',
};

/**
 * Sign-in for administrators. Empty fields are caught here and nothing is sent; a wrong
 * user name or password answers 'Wrong Credentials'; on success the token is stored where
 * the admin area reads it and the browser goes to `?next=` (admin paths only) or the
 * services list, at once.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({ UserName: '', Password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  function field(name: Field) {
    return {
      id: `login-${name}`,
      name,
      value: values[name],
      error: errors[name],
      onChange(event: { target: { value: string } }) {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
      },
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setProblem(null);
    const found: Errors = {};
    if (values.UserName.trim() === '') found.UserName = REQUIRED.UserName;
    if (values.Password === '') found.Password = REQUIRED.Password;
    setErrors(found);
    const firstInvalid = (['UserName', 'Password'] as const).find((name) => found[name]);
    if (firstInvalid) {
      document.getElementById(`login-${firstInvalid}`)?.focus();
      return;
    }
    setSending(true);
    try {
      const token = await login({ UserName: values.UserName.trim(), Password: values.Password });
      storeToken(token);
      navigate(safeNextPath(params.get('next')), { replace: true });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.status === 400 && Object.keys(apiError.fieldErrors).length > 0) {
        setErrors({
          UserName: apiError.fieldErrors.UserName,
          Password: apiError.fieldErrors.Password,
        });
      }
      setProblem(signInProblem(apiError));
      setSending(false);
    }
  }

  return (
    <form className="login-form" noValidate onSubmit={handleSubmit} aria-label="Sign in">
      <FormError title="You are not signed in" message={problem ?? undefined} />
      <TextField
        label="UserName"
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={120}
        {...field('UserName')}
      />
      <PasswordField
        label="Password"
        required
        autoComplete="current-password"
        {...field('Password')}
      />
      <Button type="submit" busy={sending} className="login-form__submit">
        {sending ? 'Signing in…' : 'Sign in'}
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

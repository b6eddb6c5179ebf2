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
import { describeWaitIn, type TFunction, useTranslation } from '../../../lib/i18n';
import { login } from '../api/login';
import { safeNextPath } from '../safe-next';
import './login-form.css';

interface Credentials {
  UserName: string;
  Password: string;
}

const FIELDS = ['UserName', 'Password'] as const;

/** What is checked before sending: both filled in (a user name of spaces is empty). */
function checkCredentials(values: Credentials, t: TFunction): FieldMessages {
  return {
    UserName: values.UserName.trim() === '' ? t('login.enterUserName') : undefined,
    Password: values.Password === '' ? t('login.enterPassword') : undefined,
  };
}

/**
 * Sign-in for administrators, on react-hook-form as every form of the site (`useRuleForm`).
 * Empty fields are caught here and nothing is sent; a wrong user name or password answers
 * 'Wrong Credentials'; on success the token is stored where the admin area reads it and the
 * browser goes to `?next=` (admin paths only) or the overview, at once.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useRuleForm<Credentials>({
    defaultValues: { UserName: '', Password: '' },
    rules: (values) => checkCredentials(values, t),
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
      setError('root.server', { type: 'server', message: signInProblem(apiError, t) });
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    void form.handleSubmit(signIn)(event);
  }

  return (
    <form className="login-form" noValidate onSubmit={handleSubmit} aria-label={t('login.title')}>
      <FormError title={t('login.notSignedIn')} message={formState.errors.root?.server?.message} />
      <TextField
        label={t('login.userName')}
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={120}
        {...bindField(form, 'UserName', 'login-UserName')}
      />
      <PasswordField
        label={t('login.password')}
        required
        autoComplete="current-password"
        {...bindField(form, 'Password', 'login-Password')}
      />
      <Button type="submit" busy={busy} className="login-form__submit">
        {busy ? t('login.signingIn') : t('login.title')}
      </Button>
    </form>
  );
}

function signInProblem(error: ApiError | null, t: TFunction): string {
  // The API's own words for wrong credentials, as the spec has them.
  if (error?.status === 401) return WRONG_CREDENTIALS;
  if (error?.status === 429) {
    const wait = error.retryAfterSeconds;
    return wait ? t('login.tooManyIn', { wait: describeWaitIn(t, wait) }) : t('login.tooManyLater');
  }
  if (error?.status === 400) return t('login.checkFields');
  if (error?.status === 0) return t('login.noAnswer');
  return t('login.ourSide');
}

import type { User } from '@vitrine/api-client';
import { Checkbox, ErrorState, FormError, LoadingState, TextField, useToast } from '@vitrine/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '../../../components/BackLink';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage, fieldErrorsOf, isUnauthorized } from '../../../lib/errors';
import { adminPath } from '../../../lib/paths';
import { createUser, type NewUser } from '../api/create-user';
import { useUser } from '../api/get-user';
import { updateUser } from '../api/update-user';
import { type UserErrors, type UserValues, validateUser } from './user-validation';

const LIST = adminPath('user');

const FIELDS: ReadonlyArray<[keyof UserValues, string]> = [
  ['FirstName', 'First name'],
  ['LastName', 'Last name'],
  ['UserName', 'User name'],
  ['Email', 'Email'],
  ['Number', 'Number'],
  ['Password', 'Password'],
  ['isAdmin', 'Administrator'],
];

const fieldId = (name: keyof UserValues) => `user-${name}`;

/** /admin/add-user and /admin/edit-user/:id. */
export function UserFormPage() {
  const { id } = useParams();
  const user = useUser(id);
  const title = id ? 'Edit User' : 'Add User';

  if (id && !user.data) {
    return (
      <>
        <PageHeader title={title} back={<BackLink to={LIST}>Back to users</BackLink>} />
        {user.error ? (
          <ErrorState
            title="The user could not be loaded"
            message={errorMessage(user.error)}
            onRetry={user.refetch}
          />
        ) : (
          <LoadingState label="Loading the user…" />
        )}
      </>
    );
  }
  return <UserForm key={id ?? 'new'} title={title} user={id ? user.data : undefined} />;
}

function initialValues(user?: User): UserValues {
  return {
    FirstName: user?.FirstName ?? '',
    LastName: user?.LastName ?? '',
    UserName: user?.UserName ?? '',
    Email: user?.Email ?? '',
    Number: user?.Number ?? '',
    Password: '',
    isAdmin: user?.isAdmin ?? false,
  };
}

export function UserForm({ title, user }: { title: string; user?: User }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState<UserValues>(() => initialValues(user));
  const [errors, setErrors] = useState<UserErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const editing = user !== undefined;

  function set<K extends keyof UserValues>(name: K, value: UserValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateUser(values, editing);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setMessage('');
      return;
    }
    const fields: Omit<NewUser, 'Password'> = {
      FirstName: values.FirstName.trim(),
      LastName: values.LastName.trim(),
      UserName: values.UserName.trim(),
      Email: values.Email.trim(),
      Number: values.Number.trim(),
      isAdmin: values.isAdmin,
    };
    setBusy(true);
    try {
      if (user) {
        // An empty password field keeps the current password, so it is not sent at all.
        await updateUser(
          user._id,
          values.Password ? { ...fields, Password: values.Password } : fields,
        );
      } else {
        await createUser({ ...fields, Password: values.Password });
      }
    } catch (error) {
      setBusy(false);
      if (isUnauthorized(error)) return;
      setErrors(fieldErrorsOf(error) as UserErrors);
      setMessage(errorMessage(error, 'The user was not saved'));
      toast.error(`The user was not saved: ${errorMessage(error)}`);
      return;
    }
    toast.success(editing ? 'User saved' : 'User added');
    navigate(LIST);
  }

  const summary = FIELDS.filter(([name]) => errors[name]).map(([name]) => ({
    message: errors[name] as string,
    fieldId: fieldId(name),
  }));

  return (
    <>
      <PageHeader title={title} back={<BackLink to={LIST}>Back to users</BackLink>} />
      <form className="adm-form adm-card" noValidate onSubmit={handleSubmit}>
        <FormError
          title={editing ? 'The user was not saved' : 'The user was not added'}
          message={summary.length === 0 ? message : undefined}
          errors={summary}
        />
        <div className="adm-form__grid">
          <TextField
            id={fieldId('FirstName')}
            label="First name"
            required
            autoComplete="off"
            maxLength={60}
            value={values.FirstName}
            error={errors.FirstName}
            onChange={(event) => set('FirstName', event.target.value)}
          />
          <TextField
            id={fieldId('LastName')}
            label="Last name"
            required
            autoComplete="off"
            maxLength={60}
            value={values.LastName}
            error={errors.LastName}
            onChange={(event) => set('LastName', event.target.value)}
          />
          <TextField
            id={fieldId('UserName')}
            label="User name"
            hint="3-40 letters, digits, dots, dashes or underscores; used to sign in"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            value={values.UserName}
            error={errors.UserName}
            onChange={(event) => set('UserName', event.target.value)}
          />
          <TextField
            id={fieldId('Email')}
            label="Email"
            type="email"
            required
            autoComplete="off"
            maxLength={120}
            value={values.Email}
            error={errors.Email}
            onChange={(event) => set('Email', event.target.value)}
          />
          <TextField
            id={fieldId('Number')}
            label="Number"
            type="tel"
            hint="Phone number, e.g. +91 98765 43210"
            required
            autoComplete="off"
            value={values.Number}
            error={errors.Number}
            onChange={(event) => set('Number', event.target.value)}
          />
          <TextField
            id={fieldId('Password')}
            label={editing ? 'New password' : 'Password'}
            type="password"
            hint={
              editing
                ? 'Leave blank to keep the current password'
                : 'At least 8 characters; the user can change it later'
            }
            required={!editing}
            autoComplete="new-password"
            maxLength={128}
            value={values.Password}
            error={errors.Password}
            onChange={(event) => set('Password', event.target.value)}
          />
        </div>
        <Checkbox
          id={fieldId('isAdmin')}
          label="Administrator (may use this admin area)"
          checked={values.isAdmin}
          error={errors.isAdmin}
          onChange={(event) => set('isAdmin', event.target.checked)}
        />
        <FormActions busy={busy} saveLabel={editing ? 'Save user' : 'Add user'} cancelTo={LIST} />
      </form>
    </>
  );
}

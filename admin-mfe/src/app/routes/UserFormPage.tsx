import type { User } from '@vitrine/api-client';
import { bindField, Checkbox, FormError, PasswordField, TextField } from '@vitrine/ui';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '../../components/BackLink';
import { DraftNotice } from '../../components/DraftNotice';
import { FormActions } from '../../components/FormActions';
import { PageHeader } from '../../components/PageHeader';
import { QueryStatus } from '../../components/QueryStatus';
import { useAdminForm } from '../../lib/forms/use-admin-form';
import { listAddress } from '../../lib/list-return';
import { adminPath } from '../../lib/paths';
import { createUser, type NewUser } from '../../features/users/api/create-user';
import { useUser } from '../../features/users/api/get-user';
import { updateUser } from '../../features/users/api/update-user';
import { type UserValues, validateUser } from '../../features/users/components/user-validation';

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
        <QueryStatus query={user} what="the user" />
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
    // Someone added here is there to help run the site: a user without it can do nothing.
    isAdmin: user?.isAdmin ?? true,
  };
}

export function UserForm({ title, user }: { title: string; user?: User }) {
  const navigate = useNavigate();
  const editing = user !== undefined;
  const form = useAdminForm<UserValues>({
    defaultValues: initialValues(user),
    rules: (values) => validateUser(values, editing),
    failure: 'The user was not saved',
    pathOf: (name) => FIELDS.find(([field]) => field === name)?.[0],
    draft: {
      key: `user:${user?._id ?? 'new'}`,
      base: user?.updatedAt,
      // A password is never kept in the browser.
      store: ({ Password: _never, ...kept }) => kept,
      restore: (stored, current) => ({ ...current, ...(stored as Partial<UserValues>) }),
    },
  });
  const bind = (name: keyof UserValues) => bindField(form, name, fieldId(name));

  const handleSubmit = form.submitWith(async (values) => {
    const fields: Omit<NewUser, 'Password'> = {
      FirstName: values.FirstName.trim(),
      LastName: values.LastName.trim(),
      UserName: values.UserName.trim(),
      Email: values.Email.trim(),
      Number: values.Number.trim(),
      isAdmin: values.isAdmin,
    };
    let savedId = user?._id;
    if (user) {
      // An empty password field keeps the current password, so it is not sent at all.
      await updateUser(
        user._id,
        values.Password ? { ...fields, Password: values.Password } : fields,
      );
    } else {
      savedId = (await createUser({ ...fields, Password: values.Password }))._id;
    }
    form.toastSaved(editing ? 'User saved' : 'User added');
    navigate(listAddress(LIST), { state: { savedId } });
  });

  const summary = form.summary((path) => ({ fieldId: fieldId(path as keyof UserValues) }));

  return (
    <>
      <PageHeader title={title} back={<BackLink to={LIST}>Back to users</BackLink>} />
      <form className="adm-form adm-card" noValidate onSubmit={handleSubmit}>
        <FormError
          title={editing ? 'The user was not saved' : 'The user was not added'}
          message={summary.length === 0 ? form.message : undefined}
          errors={summary}
        />
        <DraftNotice draft={form.draft} what={editing ? 'this user' : 'the new user'} />
        <div className="adm-form__grid">
          <TextField
            label="First name"
            required
            autoComplete="off"
            maxLength={60}
            {...bind('FirstName')}
          />
          <TextField
            label="Last name"
            required
            autoComplete="off"
            maxLength={60}
            {...bind('LastName')}
          />
          <TextField
            label="User name"
            hint="3-40 letters, digits, dots, dashes or underscores; used to sign in"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            {...bind('UserName')}
          />
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="off"
            maxLength={120}
            {...bind('Email')}
          />
          <TextField
            label="Number"
            type="tel"
            hint="Phone number, e.g. +91 98765 43210"
            required
            autoComplete="off"
            {...bind('Number')}
          />
          <PasswordField
            label={editing ? 'New password' : 'Password'}
            hint={
              editing
                ? 'Leave blank to keep the current password'
                : 'At least 8 characters; the user can change it later'
            }
            required={!editing}
            autoComplete="new-password"
            {...bind('Password')}
          />
        </div>
        <Checkbox label="Administrator (may use this admin area)" {...bind('isAdmin')} />
        <FormActions
          busy={form.formState.isSubmitting}
          saveLabel={editing ? 'Save user' : 'Add user'}
          cancelTo={LIST}
        />
      </form>
    </>
  );
}

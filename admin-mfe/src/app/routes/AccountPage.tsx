import { bindField, Button, FormError, PasswordField, useConfirm } from '@vitrine/ui';
import { storeTokenHere } from '../token-store';
import { FormActions } from '../../components/FormActions';
import { PageHeader } from '../../components/PageHeader';
import { useAdminForm } from '../../lib/forms/use-admin-form';
import { useSession } from '../../lib/session';
import { useUser } from '../../features/users/api/get-user';
import { changePassword } from '../../features/account/api/change-password';
import './account-page.css';

interface PasswordValues {
  CurrentPassword: string;
  Password: string;
  Repeat: string;
}

const FIELD_LABELS: Record<keyof PasswordValues, string> = {
  CurrentPassword: 'Current password',
  Password: 'New password',
  Repeat: 'New password again',
};

const fieldId = (name: keyof PasswordValues) => `account-${name}`;

/** /admin/account: who is signed in, a new password, and signing out on every device. */
export function AccountPage() {
  const { claims, signOut } = useSession();
  const { data: user } = useUser(claims.sub);
  const confirm = useConfirm();
  const form = useAdminForm<PasswordValues>({
    defaultValues: { CurrentPassword: '', Password: '', Repeat: '' },
    rules: ({ CurrentPassword, Password, Repeat }) => ({
      CurrentPassword: CurrentPassword ? undefined : 'Enter your current password',
      Password:
        Password.length < 8 || Password.length > 128
          ? 'Choose a password of 8 to 128 characters'
          : undefined,
      Repeat: Repeat === Password ? undefined : 'The two new passwords differ',
    }),
    failure: 'The password was not changed',
    pathOf: (name) => (name in FIELD_LABELS ? (name as keyof PasswordValues) : undefined),
  });
  const { formState } = form;
  const bind = (name: keyof PasswordValues) => bindField(form, name, fieldId(name));

  const submit = form.submitWith(async ({ CurrentPassword, Password }) => {
    storeTokenHere(await changePassword(CurrentPassword, Password));
    form.reset();
    form.toastSaved('Password changed; every other device has been signed out');
  });

  const summary = form.summary((path) =>
    path in FIELD_LABELS
      ? {
          label: FIELD_LABELS[path as keyof PasswordValues],
          fieldId: fieldId(path as keyof PasswordValues),
        }
      : undefined,
  );

  return (
    <>
      <PageHeader title="My account" description="Your sign-in: your password and your sessions." />
      <section className="adm-card adm-account" aria-labelledby="account-who">
        <h2 id="account-who" className="adm-form-section__title">
          Signed in as
        </h2>
        <dl className="adm-account__facts">
          <dt>Name</dt>
          <dd>{user ? `${user.FirstName} ${user.LastName}`.trim() : '…'}</dd>
          <dt>User name</dt>
          <dd>{claims.UserName}</dd>
          <dt>Email</dt>
          <dd>{user?.Email ?? '…'}</dd>
        </dl>
      </section>
      <form className="adm-form adm-card adm-account" noValidate onSubmit={submit}>
        <h2 className="adm-form-section__title">Change your password</h2>
        <FormError
          title="The password was not changed"
          message={summary.length === 0 ? form.message : undefined}
          errors={summary}
        />
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={claims.UserName}
          readOnly
          hidden
        />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          {...bind('CurrentPassword')}
        />
        <PasswordField
          label="New password"
          hint="8 to 128 characters. Every other device you are signed in on is signed out."
          autoComplete="new-password"
          required
          {...bind('Password')}
        />
        <PasswordField
          label="New password again"
          autoComplete="new-password"
          required
          {...bind('Repeat')}
        />
        <FormActions busy={formState.isSubmitting} saveLabel="Change password" />
      </form>
      <section className="adm-card adm-account" aria-labelledby="account-sessions">
        <h2 id="account-sessions" className="adm-form-section__title">
          Sessions
        </h2>
        <p>
          Signing out ends your session on every device at once: this one, another browser, a phone,
          or a shared computer you forgot to sign out of.
        </p>
        <Button
          variant="secondary"
          onClick={() =>
            void confirm({
              title: 'Sign out on every device?',
              message: 'You will need your password to sign in again, here and everywhere else.',
              confirmLabel: 'Sign out everywhere',
            }).then((yes) => yes && signOut())
          }
        >
          Sign out everywhere
        </Button>
      </section>
    </>
  );
}

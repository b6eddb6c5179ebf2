import type { User } from '@vitrine/api-client';
import type { DataTableColumn } from '@vitrine/ui';
import { AddLink } from '../../components/AddLink';
import { Badge } from '../../components/Badge';
import { ListScreen } from '../../components/ListScreen';
import { ROW_ACTIONS_WIDTH, RowActions } from '../../components/RowActions';
import { adminPath } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useDeleteFromList } from '../../lib/use-confirm-delete';
import { useListParams } from '../../lib/use-list-params';
import { deleteUser } from '../../features/users/api/delete-user';
import { useUsers } from '../../features/users/api/get-users';

const fullName = (user: User) => `${user.FirstName} ${user.LastName}`.trim() || user.UserName;

/** /admin/user: everyone who can sign in. Passwords are never shown (nor sent by the API). */
export function UsersPage() {
  const list = useListParams('UserName');
  const users = useUsers(list.query);
  const { claims } = useSession();
  const deleteFromList = useDeleteFromList(list, users);

  const columns: DataTableColumn<User>[] = [
    {
      key: 'FirstName',
      header: 'First name',
      sortable: true,
      width: '6.5rem',
      card: 'title',
      // A card has no Last name column: its title is the whole name.
      render: (user) => (
        <>
          {user.FirstName}
          <span className="adm-card-only"> {user.LastName}</span>
        </>
      ),
    },
    { key: 'LastName', header: 'Last name', sortable: true, width: '7.25rem', card: 'hidden' },
    { key: 'UserName', header: 'User name', sortable: true, width: '6.5rem' },
    { key: 'Email', header: 'Email', sortable: true, width: '10.5rem' },
    { key: 'Number', header: 'Number', className: 'adm-nowrap', width: '8.5rem' },
    {
      key: 'isAdmin',
      header: 'Role',
      width: '4.75rem',
      card: 'status',
      render: (user) => (user.isAdmin ? <Badge tone="accent">Admin</Badge> : <Badge>User</Badge>),
    },
    {
      key: 'actions',
      header: 'Actions',
      className: 'adm-actions-cell',
      width: ROW_ACTIONS_WIDTH,
      card: 'actions',
      render: (user) => (
        <RowActions
          name={fullName(user)}
          editTo={adminPath(`edit-user/${user._id}`)}
          // Your own account cannot be deleted (the API refuses it too).
          onDelete={
            user._id === claims.sub
              ? undefined
              : () =>
                  deleteFromList({
                    title: `Delete the user “${fullName(user)}”?`,
                    message: `${user.UserName} will no longer be able to sign in. The account stays in the Trash, where it can be restored until it is deleted for good.`,
                    run: () => deleteUser(user._id),
                    done: 'User deleted',
                  })
          }
        />
      ),
    },
  ];

  return (
    <ListScreen
      title="Users"
      description="Everyone who can sign in. Administrators can use this area."
      actions={<AddLink to={adminPath('add-user')}>Add user</AddLink>}
      list={list}
      searchLabel="Search users"
      columns={columns}
      state={users}
      rowKey={(user) => user._id}
      emptyTitle="No users yet"
    />
  );
}

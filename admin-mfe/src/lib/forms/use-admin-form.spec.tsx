import { ApiError, nextWriteKey } from '@vitrine/api-client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../testing/render';
import { LeaveGuardProvider } from './leave-guard';
import { unansweredMessage, useAdminForm } from './use-admin-form';

interface Values {
  name: string;
}

const timeout = () =>
  new ApiError(0, {
    statusCode: 0,
    error: 'Timeout',
    message: 'The server did not answer within 15 seconds; please try again',
  });

function ProjectForm({ save }: { save: (values: Values, key?: string) => Promise<void> }) {
  const form = useAdminForm<Values>({
    defaultValues: { name: '' },
    rules: () => ({}),
    failure: 'The project was not saved',
  });
  const submit = form.submitWith(async (values) => {
    await save(values, nextWriteKey());
    form.toastSaved('Project added');
  });
  return (
    <form onSubmit={submit}>
      <label>
        Name <input {...form.register('name')} />
      </label>
      {form.message && <p>The project was not saved: {form.message}</p>}
      <button type="submit" disabled={form.formState.isSubmitting}>
        Add project
      </button>
    </form>
  );
}

function setup(save: (values: Values, key?: string) => Promise<void>) {
  renderScreen(
    <LeaveGuardProvider>
      <ProjectForm save={save} />
    </LeaveGuardProvider>,
    { url: '/admin/add-product', path: '/admin/add-product' },
  );
  return userEvent.setup();
}

describe('a save the server does not answer in time', () => {
  it('says it may not be saved and checks, sends it again with the same key, then says it was', async () => {
    const keys: (string | undefined)[] = [];
    let answer!: () => void;
    const save = jest.fn(async (_values: Values, key?: string) => {
      keys.push(key);
      if (keys.length === 1) throw timeout();
      await new Promise<void>((resolve) => (answer = resolve));
    });
    const user = setup(save);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ikat');
    await user.click(screen.getByRole('button', { name: 'Add project' }));

    expect(
      await screen.findByText(
        'The project may not have been saved yet: the server has not answered. Checking…',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/was not saved/)).toBeNull();
    // Busy while it checks, with what was typed kept.
    expect(screen.getByRole('button', { name: 'Add project' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ikat');

    // Sent again after a second's wait, with the same values and key.
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2), { timeout: 3000 });
    answer();
    expect(await screen.findByText('Project added')).toBeInTheDocument();
    expect(screen.queryByText(/may not have been saved|was not saved/)).toBeNull();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls.map(([values]) => values)).toEqual([{ name: 'Ikat' }, { name: 'Ikat' }]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}\.0$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("shows the server's refusal once it answers, and keys the next save afresh", async () => {
    const keys: (string | undefined)[] = [];
    const save = jest.fn(async (_values: Values, key?: string) => {
      keys.push(key);
      throw new ApiError(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'A project with this name exists',
      });
    });
    const user = setup(save);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ikat');
    await user.click(screen.getByRole('button', { name: 'Add project' }));
    expect(
      await screen.findAllByText('The project was not saved: A project with this name exists'),
    ).toHaveLength(2); // in the form and in a toast
    await user.click(screen.getByRole('button', { name: 'Add project' }));
    await screen.findAllByText(/A project with this name exists/);
    expect(save).toHaveBeenCalledTimes(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('words the wait for every form as "may not have been"', () => {
    expect(unansweredMessage('The settings were not saved')).toBe(
      'The settings may not have been saved yet: the server has not answered. Checking…',
    );
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmProvider, useConfirm } from './ConfirmProvider';

function DeleteButton() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  async function ask() {
    const yes = await confirm({
      title: 'Delete this product?',
      message: 'It disappears from the site at once.',
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    setAnswer(String(yes));
  }
  return (
    <>
      <button onClick={ask}>Delete product</button>
      <output>{answer}</output>
    </>
  );
}

function setup() {
  const user = userEvent.setup();
  render(
    <ConfirmProvider>
      <DeleteButton />
    </ConfirmProvider>,
  );
  return user;
}

describe('useConfirm', () => {
  it('opens a modal dialog named by its title and described by its message', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Delete product' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete this product?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('It disappears from the site at once.');
  });

  it('puts first focus on Cancel for a dangerous action', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Delete product' }));

    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('resolves true when confirmed', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Delete product' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('true')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves false on Escape and gives focus back to the opener', async () => {
    const user = setup();
    const opener = screen.getByRole('button', { name: 'Delete product' });
    await user.click(opener);
    await user.keyboard('{Escape}');

    expect(await screen.findByText('false')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('resolves false on Cancel', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Delete product' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('false')).toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Delete product' }));
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Delete' });

    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
  });
});

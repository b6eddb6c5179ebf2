import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider, useToast } from './ToastProvider';

function Notifier() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success('Product saved')}>Save</button>
      <button onClick={() => toast.error('Could not delete the review')}>Fail</button>
      <button onClick={() => toast.info('Uploading images')}>Inform</button>
      <button onClick={() => toast.error('The project was not saved', { topic: 'project' })}>
        Refuse project
      </button>
      <button onClick={() => toast.success('Project saved', { topic: 'project' })}>
        Save project
      </button>
    </>
  );
}

function setup() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <ToastProvider>
      <Notifier />
    </ToastProvider>,
  );
  return user;
}

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows a success message inside a polite live region', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const message = screen.getByText('Product saved');
    expect(message.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('replaces an older toast on the same topic, and leaves the others', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    await user.click(screen.getByRole('button', { name: 'Refuse project' }));
    await user.click(screen.getByRole('button', { name: 'Save project' }));

    expect(screen.getByText('Project saved')).toBeInTheDocument();
    expect(screen.queryByText('The project was not saved')).not.toBeInTheDocument();
    expect(screen.getByText('Could not delete the review')).toBeInTheDocument();
  });

  it('announces an error as an alert', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Fail' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Could not delete the review');
  });

  it('dismisses a success message by itself after about five seconds', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByText('Product saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Product saved')).not.toBeInTheDocument();
  });

  it('keeps an error up longer than a success message', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Fail' }));

    act(() => jest.advanceTimersByTime(6000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes a toast with its dismiss button', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Inform' }));
    const toast = screen.getByText('Uploading images').parentElement as HTMLElement;

    await user.click(within(toast).getByRole('button', { name: 'Dismiss notification' }));

    expect(screen.queryByText('Uploading images')).not.toBeInTheDocument();
  });

  it('waits while the pointer rests on a toast', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.hover(screen.getByText('Product saved'));

    act(() => jest.advanceTimersByTime(8000));
    expect(screen.getByText('Product saved')).toBeInTheDocument();

    await user.unhover(screen.getByText('Product saved'));
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Product saved')).not.toBeInTheDocument();
  });

  it('shows the same message once when it is reported twice', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    await user.click(screen.getByRole('button', { name: 'Fail' }));

    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('explains the missing provider instead of failing silently', () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Notifier />)).toThrow(/ToastProvider/);
    quiet.mockRestore();
  });
});

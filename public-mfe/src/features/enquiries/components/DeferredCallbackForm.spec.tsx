import { ROUTER_FUTURE } from '@vitrine/contracts';
import { ToastProvider } from '@vitrine/ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createEnquiry } from '../api/create-enquiry';
import { DeferredCallbackForm } from './DeferredCallbackForm';

jest.mock('../api/create-enquiry');
const send = jest.mocked(createEnquiry);

/** An IntersectionObserver the test moves: the form comes into view when it says so. */
let comeIntoView: () => void = () => undefined;
class TestObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    comeIntoView = () =>
      this.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
  }
  disconnect() {
    comeIntoView = () => undefined;
  }
}

describe('DeferredCallbackForm', () => {
  beforeAll(() => {
    globalThis.IntersectionObserver = TestObserver as unknown as typeof IntersectionObserver;
  });

  it('is a form at once, and sends what was typed and asked for before its code came', async () => {
    send.mockResolvedValue({ _id: 'e1', status: 'new', createdAt: '2026-11-28T10:00:00.000Z' });
    render(
      <MemoryRouter initialEntries={['/']} future={ROUTER_FUTURE}>
        <ToastProvider>
          <DeferredCallbackForm />
        </ToastProvider>
      </MemoryRouter>,
    );
    // The markup is there before the code that runs it: the same names the browser would post.
    const form = screen.getByRole('form', { name: 'Request a call back' });
    const name = screen.getByRole('textbox', { name: /^Name/ });
    const contact = screen.getByRole('textbox', { name: /^Contact/ });
    expect(name).toHaveAttribute('name', 'Name');
    expect(form.querySelector('input[type=hidden][name=source]')).toHaveValue('callback');

    // Typed and sent while the code has not come (set as a visitor's typing leaves them).
    (name as HTMLInputElement).value = 'Asha Verma';
    (contact as HTMLInputElement).value = '+91 98765 43210';
    fireEvent.submit(form);
    expect(send).not.toHaveBeenCalled();

    await act(async () => comeIntoView());
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' })).toHaveTextContent(/will call you back soon/),
    );
    expect(send).toHaveBeenCalledWith({
      Name: 'Asha Verma',
      Contact: '+91 98765 43210',
      Email: '',
      Message: '',
      source: 'callback',
      website: '',
    });
  });

  // The code has come in the test above; what was typed for that form is not this one's.
  it('starts empty when drawn again, its code already here', () => {
    render(
      <MemoryRouter initialEntries={['/']} future={ROUTER_FUTURE}>
        <ToastProvider>
          <DeferredCallbackForm />
        </ToastProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /^Contact/ })).toHaveValue('');
  });
});

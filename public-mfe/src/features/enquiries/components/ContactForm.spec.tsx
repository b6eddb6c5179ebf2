import { ApiError } from '@vitrine/api-client';
import { ROUTER_FUTURE } from '@vitrine/contracts';
import { ToastProvider } from '@vitrine/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { createEnquiry, type EnquiryReceipt } from '../api/create-enquiry';
import type { EnquirySubject } from '../enquiry-subject';
import { ContactForm } from './ContactForm';

jest.mock('../api/create-enquiry');
const send = jest.mocked(createEnquiry);

function renderForm(address = '/') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[address]} future={ROUTER_FUTURE}>
      <ToastProvider>
        <ContactForm />
      </ToastProvider>
    </MemoryRouter>,
  );
  const fields = {
    firstName: screen.getByRole('textbox', { name: /^First Name/ }),
    lastName: screen.getByRole('textbox', { name: /^Last Name/ }),
    phone: screen.getByRole('textbox', { name: /^Phone Number/ }),
    email: screen.getByRole('textbox', { name: /^Email/ }),
    message: screen.getByRole('textbox', { name: /^Message/ }),
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Send message' }));
  return { user, fields, submit };
}

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  fields: ReturnType<typeof renderForm>['fields'],
) {
  await user.type(fields.firstName, 'Asha');
  await user.type(fields.lastName, 'Verma');
  await user.type(fields.phone, '+91 98765 43210');
  await user.type(fields.email, 'asha@example.com');
  await user.type(fields.message, 'A quote for 200 m of khadi, please.');
}

describe('ContactForm', () => {
  beforeEach(() => send.mockReset());

  it('marks the required fields inline and sends nothing', async () => {
    const { fields, submit } = renderForm();
    await submit();

    expect(fields.firstName).toHaveAccessibleDescription('Enter your first name');
    expect(fields.email).toHaveAccessibleDescription('Enter your e-mail address');
    expect(fields.message).toHaveAccessibleDescription('Enter your message');
    // Last name and phone are optional.
    expect(fields.lastName).not.toHaveAttribute('aria-invalid');
    expect(fields.phone).not.toHaveAttribute('aria-invalid');
    expect(fields.firstName).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
  });

  it('checks the e-mail and phone formats', async () => {
    const { user, fields, submit } = renderForm();
    await fillIn(user, fields);
    await user.clear(fields.email);
    await user.type(fields.email, 'asha at example.com');
    await user.clear(fields.phone);
    await user.type(fields.phone, '12');
    await submit();

    expect(fields.email).toHaveAccessibleDescription(
      'Enter an e-mail address like name@example.com',
    );
    expect(fields.phone).toHaveAccessibleDescription(
      expect.stringContaining('Enter a phone number using digits'),
    );
    expect(fields.phone).toHaveFocus();
    expect(send).not.toHaveBeenCalled();

    // Correcting a field takes its message away at once.
    await user.type(fields.phone, '3456789');
    expect(fields.phone).not.toHaveAttribute('aria-invalid');
  });

  it('sends the contact shape, busy while sending, and clears after 201', async () => {
    let answer!: (receipt: EnquiryReceipt) => void;
    send.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user, fields, submit } = renderForm();
    await fillIn(user, fields);
    await submit();

    expect(send).toHaveBeenCalledWith({
      FirstName: 'Asha',
      LastName: 'Verma',
      PhoneNumber: '+91 98765 43210',
      Email: 'asha@example.com',
      Message: 'A quote for 200 m of khadi, please.',
      source: 'contact',
      website: '',
    });
    expect(screen.getByRole('button', { name: /Sending/ })).toHaveAttribute('aria-busy', 'true');
    expect(fields.firstName).toHaveValue('Asha');

    answer({ _id: 'e2', status: 'new', createdAt: '2026-11-22T10:00:00.000Z' });
    await waitFor(() => expect(fields.message).toHaveValue(''));
    expect(fields.firstName).toHaveValue('');
    expect(screen.getAllByText(/Your message has been sent/).length).toBeGreaterThan(0);
  });

  it('puts each field error of a 400 on its input and keeps the values', async () => {
    send.mockRejectedValue(
      new ApiError(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Validation failed',
        errors: {
          Email: 'Email must be a valid e-mail address',
          FirstName: 'First name must be on one line',
        },
      }),
    );
    const { user, fields, submit } = renderForm();
    await fillIn(user, fields);
    await submit();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your message was not sent');
    expect(alert).toHaveTextContent('Email must be a valid e-mail address');
    expect(fields.email).toHaveAccessibleDescription('Email must be a valid e-mail address');
    expect(fields.firstName).toHaveAccessibleDescription('First name must be on one line');
    expect(fields.message).toHaveValue('A quote for 200 m of khadi, please.');
    expect(fields.email).toHaveValue('asha@example.com');
  });

  it('keeps the values when the server cannot be reached', async () => {
    send.mockRejectedValue(
      new ApiError(0, { statusCode: 0, error: 'Network Error', message: 'offline' }),
    );
    const { user, fields, submit } = renderForm();
    await fillIn(user, fields);
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('could not be reached');
    expect(fields.firstName).toHaveValue('Asha');
    expect(screen.queryByText(/Your message has been sent/)).not.toBeInTheDocument();
  });

  it('posts itself to the API, saying which form it is, for a browser that runs no script', () => {
    renderForm();
    const form = screen.getByRole('form', { name: 'Send an enquiry' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/enquiries');
    expect(form.querySelector('input[type=hidden][name=source]')).toHaveValue('contact');
    expect(fieldNames(form)).toEqual(
      expect.arrayContaining(['FirstName', 'LastName', 'PhoneNumber', 'Email', 'Message']),
    );
  });

  it('says how the post went when the API sends the browser back to the page', () => {
    renderForm('/contact-us?sent=contact');
    expect(screen.getByRole('status')).toHaveTextContent(/Your message has been sent/);
  });

  it('says the message was not sent, and why, when the post came back refused', () => {
    renderForm('/contact-us?notsent=contact&status=400');
    expect(screen.getByRole('alert')).toHaveTextContent(/not filled in as needed/);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("leaves the other form's outcome alone", () => {
    renderForm('/?sent=callback');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});

describe('ContactForm about a product', () => {
  const about: EnquirySubject = { kind: 'product', id: 'p1', name: 'Sky Poplin' };
  const opening = 'Hello, I would like to know more about Sky Poplin.';

  function page(subject?: EnquirySubject) {
    return (
      <MemoryRouter initialEntries={['/contact-us?product=sky-poplin']} future={ROUTER_FUTURE}>
        <ToastProvider>
          <ContactForm about={subject} />
        </ToastProvider>
      </MemoryRouter>
    );
  }

  it('is served with its opening message and the product, for a browser that runs no script', () => {
    const form = document.createElement('div');
    form.innerHTML = renderToString(page(about));
    expect(form.querySelector('textarea[name=Message]')?.textContent).toBe(opening);
    expect(form.querySelector('input[type=hidden][name=productId]')).toHaveValue('p1');
  });

  it('fills in the opening message once the product has loaded, over nothing typed', async () => {
    const user = userEvent.setup();
    const { rerender } = render(page());
    const message = screen.getByRole('textbox', { name: /^Message/ });
    const firstName = screen.getByRole('textbox', { name: /^First Name/ });
    await user.type(firstName, 'Asha');
    expect(message).toHaveValue('');

    rerender(page(about));
    expect(message).toHaveValue(opening);
    expect(firstName).toHaveValue('Asha');
  });

  it('keeps a message already typed when the product loads', async () => {
    const user = userEvent.setup();
    const { rerender } = render(page());
    const message = screen.getByRole('textbox', { name: /^Message/ });
    await user.type(message, 'Do you ship to Pune?');

    rerender(page(about));
    expect(message).toHaveValue('Do you ship to Pune?');
  });
});

function fieldNames(form: HTMLElement): string[] {
  return [...form.querySelectorAll('input, textarea')].map(
    (input) => (input as HTMLInputElement).name,
  );
}

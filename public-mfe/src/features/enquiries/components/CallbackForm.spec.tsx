import { ApiError } from '@vitrine/api-client';
import { ROUTER_FUTURE } from '@vitrine/contracts';
import { ToastProvider } from '@vitrine/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { reportAction } from '../../../lib/insights';
import { createEnquiry, type EnquiryReceipt } from '../api/create-enquiry';
import { CallbackForm } from './CallbackForm';

jest.mock('../api/create-enquiry');
jest.mock('../../../lib/insights');
const send = jest.mocked(createEnquiry);
const reported = jest.mocked(reportAction);

const RECEIPT: EnquiryReceipt = { _id: 'e1', status: 'new', createdAt: '2026-11-22T10:00:00.000Z' };

function renderForm(address = '/') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[address]} future={ROUTER_FUTURE}>
      <ToastProvider>
        <CallbackForm />
      </ToastProvider>
    </MemoryRouter>,
  );
  const fields = {
    name: screen.getByRole('textbox', { name: /^Name/ }),
    contact: screen.getByRole('textbox', { name: /^Contact/ }),
    email: screen.getByRole('textbox', { name: /^Email/ }),
    message: screen.getByRole('textbox', { name: /^Message/ }),
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Request a call back' }));
  return { user, fields, submit };
}

/** A promise the test settles when it chooses, to look at the form while it is sending. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('CallbackForm', () => {
  beforeEach(() => {
    send.mockReset();
    reported.mockReset();
  });

  it('reports a call-back request once the API has it, and not one it refused', async () => {
    send.mockRejectedValueOnce(
      new ApiError(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Validation failed',
        errors: { Contact: 'Contact is invalid' },
      }),
    );
    send.mockResolvedValueOnce(RECEIPT);
    const { user, fields, submit } = renderForm();
    await user.type(fields.name, 'Asha');
    await user.type(fields.contact, '+91 98765 43210');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your request was not sent');
    expect(reported).not.toHaveBeenCalled();
    await submit();
    await waitFor(() => expect(reported).toHaveBeenCalledWith('callback'));
    expect(reported).toHaveBeenCalledTimes(1);
  });

  it('asks for a name and a number to call, inline, and sends nothing', async () => {
    const { fields, submit } = renderForm();
    await submit();

    expect(fields.name).toHaveAccessibleDescription('Enter your name');
    expect(fields.name).toHaveAttribute('aria-invalid', 'true');
    expect(fields.contact).toHaveAccessibleDescription(
      expect.stringContaining('Enter a phone number we can call you on'),
    );
    expect(fields.name).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
  });

  it('checks the phone and e-mail formats before sending', async () => {
    const { user, fields, submit } = renderForm();
    await user.type(fields.name, 'Asha Verma');
    await user.type(fields.contact, 'call me');
    await user.type(fields.email, 'asha@example');
    await submit();

    expect(fields.contact).toHaveAccessibleDescription(
      expect.stringContaining('Enter a phone number using digits'),
    );
    expect(fields.email).toHaveAccessibleDescription(
      'Enter an e-mail address like name@example.com',
    );
    expect(fields.contact).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the call-back shape with an empty honeypot, is busy meanwhile, and clears only after 201', async () => {
    const answer = deferred<EnquiryReceipt>();
    send.mockReturnValue(answer.promise);
    const { user, fields, submit } = renderForm();
    await user.type(fields.name, ' Asha Verma ');
    await user.type(fields.contact, '+91 98765 43210');
    await user.type(fields.email, 'asha@example.com');
    await user.type(fields.message, 'Please call after 5 pm.');
    await submit();

    expect(send).toHaveBeenCalledWith({
      Name: 'Asha Verma',
      Contact: '+91 98765 43210',
      Email: 'asha@example.com',
      Message: 'Please call after 5 pm.',
      source: 'callback',
      website: '',
    });
    const button = screen.getByRole('button', { name: /Sending/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    // Not cleared, and no success, while the answer is still on its way.
    expect(fields.name).toHaveValue(' Asha Verma ');
    expect(screen.getByRole('status', { name: '' })).toBeEmptyDOMElement();

    answer.resolve(RECEIPT);
    await waitFor(() => expect(fields.name).toHaveValue(''));
    expect(fields.contact).toHaveValue('');
    expect(fields.email).toHaveValue('');
    expect(fields.message).toHaveValue('');
    expect(screen.getAllByText(/We have your request and will call you back soon/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Request a call back' })).toBeEnabled();
  });

  it('keeps what was typed and shows the field errors the API gives on a 400', async () => {
    send.mockRejectedValue(
      new ApiError(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Validation failed',
        errors: { Contact: 'Contact must be a phone number (digits, spaces, +, - or brackets)' },
      }),
    );
    const { user, fields, submit } = renderForm();
    await user.type(fields.name, 'Asha');
    await user.type(fields.contact, '98765 43210');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Your request was not sent');
    expect(fields.contact).toHaveAccessibleDescription(
      expect.stringContaining('Contact must be a phone number'),
    );
    expect(fields.name).toHaveValue('Asha');
    expect(fields.contact).toHaveValue('98765 43210');
    expect(screen.queryByText(/will call you back soon/)).not.toBeInTheDocument();
  });

  it('keeps what was typed and says so when the server fails', async () => {
    send.mockRejectedValue(
      new ApiError(500, { statusCode: 500, error: 'Internal Server Error', message: 'Boom' }),
    );
    const { user, fields, submit } = renderForm();
    await user.type(fields.name, 'Asha');
    await user.type(fields.contact, '98765 43210');
    await user.type(fields.message, 'Samples please');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent(/problem on our side/);
    expect(fields.name).toHaveValue('Asha');
    expect(fields.message).toHaveValue('Samples please');
    expect(screen.getByRole('button', { name: 'Request a call back' })).toBeEnabled();
  });

  it('says when to try again after too many requests', async () => {
    send.mockRejectedValue(
      new ApiError(
        429,
        { statusCode: 429, error: 'Too Many Requests', message: 'Slow down' },
        // jsdom has no Response; ApiError only reads the Retry-After header from it.
        { headers: new Headers({ 'Retry-After': '120' }) } as Response,
      ),
    );
    const { user, fields, submit } = renderForm();
    await user.type(fields.name, 'Asha');
    await user.type(fields.contact, '98765 43210');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('try again in 2 minutes');
  });
});

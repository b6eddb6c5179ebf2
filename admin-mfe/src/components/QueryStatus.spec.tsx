import { ApiError } from '@vitrine/api-client';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryStatus } from './QueryStatus';

describe('QueryStatus', () => {
  it('says what is loading', () => {
    render(
      <QueryStatus query={{ data: undefined, error: null, refetch: jest.fn() }} what="the user" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the user…');
  });

  it("names what could not be loaded, gives the API's reason and asks again on retry", async () => {
    const refetch = jest.fn();
    const error = new ApiError(404, {
      statusCode: 404,
      error: 'Not Found',
      message: 'User not found',
    });
    render(<QueryStatus query={{ data: undefined, error, refetch }} what="the user" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The user could not be loaded');
    expect(alert).toHaveTextContent('User not found');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});

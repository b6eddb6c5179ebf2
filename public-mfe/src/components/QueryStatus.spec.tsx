import { ApiError } from '@vitrine/api-client';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StudioPhoneContext } from '../lib/studio-phone';
import { QueryStatus } from './QueryStatus';

const noAnswer = new ApiError(0, { statusCode: 0, error: 'Timeout', message: 'No answer' });

describe('QueryStatus', () => {
  it('offers Try again and the studio’s phone number when the API did not answer', async () => {
    const refetch = jest.fn();
    render(
      <StudioPhoneContext.Provider value="+91 141 400 2002">
        <QueryStatus query={{ data: undefined, error: noAnswer, refetch }} what="the gallery" />
      </StudioPhoneContext.Provider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We could not load the gallery');
    expect(screen.getByRole('link', { name: '+91 141 400 2002' })).toHaveAttribute(
      'href',
      'tel:+911414002002',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('gives no phone number for an error the API answered with', () => {
    const failed = new ApiError(500, undefined);
    render(
      <QueryStatus query={{ data: undefined, error: failed, refetch: jest.fn() }} what="it" />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please try again in a moment.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

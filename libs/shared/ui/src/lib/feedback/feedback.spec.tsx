import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import { QueryGate, type GatedQuery } from './QueryGate';

function Gate({ query }: { query: GatedQuery<Error> }) {
  return (
    <QueryGate
      query={query}
      loadingLabel="Loading the gallery…"
      errorTitle="The gallery could not be loaded"
      describeError={(error) => error.message}
    />
  );
}

describe('QueryGate', () => {
  it('shows a spinner while the data is on its way', () => {
    render(<Gate query={{ data: undefined, error: null, refetch: jest.fn() }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the gallery…');
  });

  it('shows the error in words with a retry that asks again', async () => {
    const refetch = jest.fn();
    render(<Gate query={{ data: undefined, error: new Error('Server is down'), refetch }} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The gallery could not be loaded');
    expect(alert).toHaveTextContent('Server is down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('gives way to the data once there is some, even if a later refresh failed', () => {
    const { container } = render(
      <Gate query={{ data: [], error: new Error('refresh failed'), refetch: jest.fn() }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('ErrorBoundary', () => {
  let broken = true;
  function Fragile() {
    if (broken) throw new Error('A bug');
    return <p>All well</p>;
  }
  function Page() {
    const [key, setKey] = useState('/one');
    return (
      <>
        <button onClick={() => setKey('/two')}>Elsewhere</button>
        <ErrorBoundary
          resetKey={key}
          logLabel="A test screen could not be shown"
          fallback={(error, retry) => (
            <div role="alert">
              {error.message}
              <button onClick={retry}>Retry</button>
            </div>
          )}
        >
          <Fragile />
        </ErrorBoundary>
      </>
    );
  }

  beforeEach(() => {
    broken = true;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.mocked(console.error).mockRestore());

  it('shows its fallback in place of what threw, and logs the error with its label', () => {
    render(<Page />);
    expect(screen.getByRole('alert')).toHaveTextContent('A bug');
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(
      'A test screen could not be shown',
      expect.any(Error),
      expect.any(String),
    );
  });

  it('renders the children again on retry', async () => {
    render(<Page />);
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('All well')).toBeInTheDocument();
  });

  it('starts afresh when the reset key changes', async () => {
    render(<Page />);
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.getByText('All well')).toBeInTheDocument();
  });
});

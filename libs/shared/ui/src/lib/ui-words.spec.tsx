import { render, screen } from '@testing-library/react';
import { ErrorState } from './feedback/ErrorState';
import { LoadingState } from './feedback/Spinner';
import { ConfirmDialog } from './confirm/ConfirmDialog';
import { UiWordsProvider } from './ui-words';

describe('UiWordsProvider', () => {
  it('gives the kit the words of the app’s language', () => {
    render(
      <UiWordsProvider
        words={{
          loading: 'लोड हो रहा है…',
          errorTitle: 'कुछ गड़बड़ हो गई',
          tryAgain: 'फिर से कोशिश करें',
          cancel: 'रद्द करें',
          confirm: 'पक्का करें',
        }}
      >
        <LoadingState />
        <ErrorState onRetry={jest.fn()} />
        <ConfirmDialog open title="हटाएँ?" onConfirm={jest.fn()} onCancel={jest.fn()} />
      </UiWordsProvider>,
    );
    expect(screen.getByText('लोड हो रहा है…')).toBeInTheDocument();
    expect(screen.getByText('कुछ गड़बड़ हो गई')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'फिर से कोशिश करें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'पक्का करें' })).toBeInTheDocument();
  });

  it('keeps English for the words not given, and a component’s own words first', () => {
    render(
      <UiWordsProvider words={{ loading: 'Chargement…' }}>
        <ErrorState onRetry={jest.fn()} retryLabel="Reload" />
        <LoadingState label="Loading the gallery…" />
      </UiWordsProvider>,
    );
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByText('Loading the gallery…')).toBeInTheDocument();
  });
});

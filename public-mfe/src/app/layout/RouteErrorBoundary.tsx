import { ErrorState } from '@vitrine/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Changes with the page: a new page gets a fresh start. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** One page failing to render (or its code failing to load) leaves the header and footer usable. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A public page could not be shown', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="site-container site-section">
        <h1 className="vt-visually-hidden">This page could not be shown</h1>
        <ErrorState
          title="This page could not be shown"
          message="Something went wrong on our side. Reloading the page usually helps."
          retryLabel="Reload the page"
          onRetry={() => window.location.reload()}
        />
      </div>
    );
  }
}

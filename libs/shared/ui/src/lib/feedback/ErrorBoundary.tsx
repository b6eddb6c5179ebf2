import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** Changes with the page: a new value clears the error, so the next page gets a fresh start. */
  resetKey: string;
  /** What failed, for the console: "A public page could not be shown". */
  logLabel: string;
  /** Shown instead of the children after a render error; `retry` renders them again. */
  fallback(error: Error, retry: () => void): ReactNode;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/**
 * Keeps a render error (or a chunk that failed to load) inside the part of the screen that
 * threw: the rest stays usable, and the fallback says what happened.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(this.props.logLabel, error, info.componentStack);
  }

  private readonly retry = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return this.props.fallback(this.state.error, this.retry);
  }
}

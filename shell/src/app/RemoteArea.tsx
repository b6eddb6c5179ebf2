import {
  Component,
  lazy,
  Suspense,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import { loadedRemoteModule, loadRemoteModule, type RemoteName } from './remotes';

interface RemoteAreaProps {
  remote: RemoteName;
  /** Human name of the area, used in the loading and error messages. */
  label: string;
}

/**
 * Mounts one remote. If its entry cannot be loaded the rest of the shell keeps working:
 * a readable message replaces the area, and the next navigation (or "Try again") retries.
 */
export function RemoteArea({ remote, label }: RemoteAreaProps) {
  const { pathname } = useLocation();
  // The component comes from a module-level cache, so its identity is stable across renders
  // and the remote is not remounted; it changes only after a failed load.
  const Remote = remoteComponent(remote);
  return (
    <RemoteErrorBoundary label={label} resetKey={pathname}>
      <Suspense
        fallback={
          // As tall as the screen, so nothing below it jumps when the area arrives.
          <div className="remote-loading" role="status">
            Loading the {label}…
          </div>
        }
      >
        {/* eslint-disable-next-line react-hooks/static-components -- cached, see above */}
        <Remote />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

// One component per remote while it works: the remote's own when it loaded before the area
// first rendered (bootstrap starts the page's remote early), so nothing suspends; else a lazy
// one. React remembers a rejected lazy forever, so a failed one is dropped and the next
// render starts a fresh attempt.
const areaComponents = new Map<RemoteName, ComponentType | LazyExoticComponent<ComponentType>>();

/** Only for tests: as on a fresh page load, before any area rendered. */
export function resetRemoteAreas(): void {
  areaComponents.clear();
}

function remoteComponent(remote: RemoteName) {
  let component = areaComponents.get(remote);
  if (!component) {
    component =
      loadedRemoteModule(remote)?.default ??
      lazy(() =>
        loadRemoteModule(remote).catch((error: unknown) => {
          areaComponents.delete(remote);
          throw error;
        }),
      );
    areaComponents.set(remote, component);
  }
  return component;
}

interface BoundaryProps {
  label: string;
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
  resetKey: string;
}

export class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    // Navigating elsewhere clears the error so the area is tried again.
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The ${this.props.label} could not be shown`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="remote-status" role="alert" data-testid="remote-error">
        <h1>The {this.props.label} is not available right now</h1>
        <p>
          This part of the site could not be loaded. The rest of the site still works; please try
          again in a moment.
        </p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </main>
    );
  }
}

// A view whose code is loaded on first use (React.lazy + a dynamic import, its own chunk), with
// what a lecture hall needs when that load fails (issue 30, item 1): the network dropped, or the
// site was redeployed so the hashed chunk name the page knows is gone. Without a boundary React
// unmounts the whole tree on the rejected import and the page turns white, losing the run. Here
// the failure stays inside the view's box: one line says which view failed and why, and a retry
// button loads it again; the lab (and its run) is never unmounted.
//
// A retry is a new React.lazy around the same import (React keeps a rejected lazy for good);
// the browser fetches the chunk again, since a failed module fetch is not kept in its module map.
import { Component, Suspense, lazy, useMemo, useState, type ComponentType, type ReactNode } from 'react';

type Loader<P> = () => Promise<ComponentType<P>>;

/** One line for the class: what failed, and the browser's reason in short. */
export function loadFailureLine(what: string, err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const why = offline
    ? 'the network is offline'
    : /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(text)
      ? 'its code could not be fetched (network down, or the site was updated since this page loaded)'
      : text.split('\n')[0];
  return `Could not load ${what}: ${why}.`;
}

interface BoundaryProps {
  what: string;
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
}

/** Catches a failed load (or a render error) of the view below it and offers a retry. */
class LoadBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('unknown error') };
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <div className="error-banner lazy-failed" role="alert" data-testid="lazy-failed">
        <span className="error-text" data-testid="lazy-failed-message">
          {loadFailureLine(this.props.what, error)}
        </span>
        <button
          type="button"
          data-testid="lazy-retry"
          onClick={() => {
            this.props.onRetry();
            this.setState({ error: null });
          }}
        >
          Retry
        </button>
      </div>
    );
  }
}

/**
 * Renders the component `load` resolves to, with `props`, behind a loading line and a boundary
 * that turns a failed load into a one-line message with a retry.
 */
export function LazyView<P extends object>({
  load,
  what,
  props,
  quiet = false,
}: {
  load: Loader<P>;
  what: string;
  props: P;
  /** No loading line (a panel that appears once loaded, as the lab's panels after the first run). */
  quiet?: boolean;
}) {
  // Each retry makes a new lazy component (React.lazy keeps a rejected promise for good).
  const [attempt, setAttempt] = useState(0);
  // `load` is a module-level constant at every call site; `attempt` is what renews the import.
  const View = useMemo(() => lazy(() => load().then((C) => ({ default: C }))), [load, attempt]);
  return (
    <LoadBoundary what={what} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense
        fallback={
          quiet ? null : (
            <p className="muted" role="status" data-testid="view-loading">
              loading {what}…
            </p>
          )
        }
      >
        <View {...props} />
      </Suspense>
    </LoadBoundary>
  );
}

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { env } from '@/env';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The top-level failure message of SPEC.md section 8. */
export function ErrorFallback({ error }: { error: unknown }) {
  return (
    <div className="error-fallback page-container" role="alert">
      <h1>Something went wrong. Please try again.</h1>
      {env.isDevelopment && <pre className="error-fallback__details">{describe(error)}</pre>}
      {/* A reload also recovers from a stale deploy whose route chunks are gone. */}
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Try again
      </button>
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** The fallback brings its own main landmark (when the boundary sits above the layout's). */
  inMain?: boolean;
  /** A change clears the error: the page's boundary is reset by a navigation. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: unknown;
  resetKey: string | undefined;
}

/**
 * Catches what a subtree throws while rendering and shows ErrorFallback: a
 * page's render error or a page whose code failed to download (in the layout,
 * reset when the visitor goes elsewhere), and, at the top, the providers or
 * the layout itself.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled application error', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const fallback = <ErrorFallback error={this.state.error} />;
    return this.props.inMain === true ? <main>{fallback}</main> : fallback;
  }
}

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { env } from '@/env';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
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

/** Route error element: render errors, failed lazy chunks and loader errors end here. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return <ErrorFallback error={error} />;
}

interface AppErrorBoundaryProps {
  children: ReactNode;
}

/** Last line of defence for errors outside the router (providers, the router itself). */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled application error', error, info.componentStack);
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <main>
        <ErrorFallback error={this.state.error} />
      </main>
    );
  }
}

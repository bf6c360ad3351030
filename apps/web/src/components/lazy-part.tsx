// Parts of a page whose code downloads when they are needed (sections below
// the fold, dialogs, the booking panel): SPEC.md's 120 s chunk timeout applies
// to them as to pages, and a part that fails or stalls fails alone, with a
// small Retry in its place, while the rest of the site keeps working (issue 24).
import {
  Component,
  createContext,
  lazy,
  use,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { loadWithin } from '@/lib/load-chunk';

/** How many times the nearest PartBoundary has been retried: a new attempt downloads again. */
const PartAttempt = createContext(0);

/**
 * React.lazy for a named export, failing after 120 s. React.lazy keeps a
 * failure for good; this starts the download again when the PartBoundary
 * around it is retried.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const loadInTime = loadWithin(load);
  const make = () => lazy(async () => ({ default: await loadInTime() }));
  let current = { attempt: 0, Part: make() };
  function LazyPart(props: P) {
    const attempt = use(PartAttempt);
    if (attempt !== current.attempt) current = { attempt, Part: make() };
    const { Part } = current;
    return <Part {...props} />;
  }
  return LazyPart;
}

/**
 * React.lazy for a part of the layout whose code comes after the page's (the
 * footer, the Menu's behaviour, the scroll on navigation): no timeout and no
 * Retry. Until its code arrives the server's HTML of it stands (on a page the
 * browser draws, nothing yet); a download that fails draws nothing in its place
 * and leaves the rest of the page working.
 */
export function lazyLayoutPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const nothing: ComponentType<P> = () => null;
  return lazy(() =>
    load().then(
      (Part) => ({ default: Part }),
      (error: unknown) => {
        console.error('A part of the layout failed to load', error);
        return { default: nothing };
      },
    ),
  );
}

interface PartBoundaryProps {
  children: ReactNode;
  /** What failed, for the message: 'the reviews'. */
  label: string;
}

interface PartBoundaryState {
  error: unknown;
  attempt: number;
}

/** Catches a part that failed to load or render, and offers to try it again. */
export class PartBoundary extends Component<PartBoundaryProps, PartBoundaryState> {
  override state: PartBoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<PartBoundaryState> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A part of the page failed', error, info.componentStack);
  }

  private readonly retry = () => this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }));

  override render() {
    if (this.state.error === null) {
      return <PartAttempt value={this.state.attempt}>{this.props.children}</PartAttempt>;
    }
    return (
      <div className="part-error" role="alert">
        <p>Sorry, {this.props.label} did not load.</p>
        <button type="button" className="button button--secondary" onClick={this.retry}>
          Retry
        </button>
      </div>
    );
  }
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../format';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** What is loading, for the status line: 'Loading reservations…'. */
  loading: string;
  children: (data: T) => ReactNode;
}

/** A console query's three states in one place: loading, failed (with Try again), and its data. */
export function QueryState<T>({ query, loading, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <p role="status" className="console-muted">
        {loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="console-error">
        <p>{errorMessage(query.error)}</p>
        <button type="button" className="button button--secondary button--small" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return children(query.data);
}

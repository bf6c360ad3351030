import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { App } from '@/app';
import { RootLayout } from './root-layout';

let broken = true;
/** Fails while `broken`, as a page whose code could not be downloaded for a while would. */
function FlakyPage() {
  if (broken) throw new Error('The page failed');
  return <h1>The page</h1>;
}

describe('the layout’s page error boundary', () => {
  it('clears the error on the next navigation, also to the same address', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const history = createMemoryHistory({ initialEntries: ['/search?checkin=2030-01-01'], v5Compat: true });
    const routes = [{ path: '/', element: <RootLayout />, children: [{ path: 'search', element: <FlakyPage /> }] }];
    render(<App history={history} routes={routes} queryClient={new QueryClient()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    // The header is still there: the page failed alone.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    broken = false;
    act(() => history.push('/search?checkin=2030-01-01'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'The page' })).toBeInTheDocument();
  });
});

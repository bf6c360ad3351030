import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useSession, type Session } from '@/lib/session';
import { createSessionUser } from '@/testing/auth-data';
import { RequireUser } from './require-user';

vi.mock('@/lib/session', () => ({ useSession: vi.fn<() => Session>() }));

function renderGuarded(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/reservations', element: <RequireUser>Members only</RequireUser> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RequireUser', () => {
  it('sends an anonymous visitor to /login with the page to return to', async () => {
    vi.mocked(useSession).mockReturnValue({ user: null, status: 'anonymous' });
    const router = renderGuarded('/reservations?step=2#contact');

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/reservations?step=2#contact')}`);
  });

  it('waits while the session is being checked, then shows the page to a signed-in user', () => {
    vi.mocked(useSession).mockReturnValue({ user: null, status: 'loading' });
    renderGuarded('/reservations');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    vi.mocked(useSession).mockReturnValue({
      user: createSessionUser(),
      status: 'authenticated',
    });
    renderGuarded('/reservations');
    expect(screen.getByText('Members only')).toBeInTheDocument();
  });
});

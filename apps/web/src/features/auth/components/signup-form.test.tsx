import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSessionUser } from '@/testing/auth-data';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

// Each page is a lazy route whose code loads first: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const user = createSessionUser({ email: 'avery@example.com', firstName: 'Avery', lastName: 'Quinn' });

async function fillIn(view: ReturnType<typeof renderApp>, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    'First name': 'Avery',
    'Last name': 'Quinn',
    Email: 'avery@example.com',
    Password: 'correct horse',
    'Confirm password': 'correct horse',
    ...overrides,
  };
  await screen.findByLabelText('First name');
  for (const [label, value] of Object.entries(values)) {
    if (value !== '') await view.user.type(screen.getByLabelText(label), value);
  }
}

describe('/signup', () => {
  it('asks for every field with the right autocomplete hints', async () => {
    renderApp('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
    const hints = {
      'First name': 'given-name',
      'Last name': 'family-name',
      Email: 'email',
      Password: 'new-password',
      'Confirm password': 'new-password',
    };
    for (const [label, autocomplete] of Object.entries(hints)) {
      expect(screen.getByLabelText(label)).toBeRequired();
      expect(screen.getByLabelText(label)).toHaveAttribute('autocomplete', autocomplete);
    }
    expect(screen.getByLabelText('Password')).toHaveAttribute('minlength', '8');
    expect(screen.getByLabelText('I agree to the terms and policies')).toBeRequired();
  });

  it("says 'Passwords do not match', a short password and unticked terms, and sends nothing", async () => {
    const fetchMock = stubFetch({});
    const view = renderApp('/signup');
    await fillIn(view, { Password: 'short', 'Confirm password': 'shorter' });
    await view.user.click(screen.getByRole('button', { name: 'Sign up' }));

    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('At least 8 characters. Use at least 8 characters.');
    expect(password).toHaveFocus();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText('I agree to the terms and policies')).toHaveAccessibleDescription(
      'Please accept the terms and policies to create an account.',
    );
    expect(fetchMock).not.toHaveBeenCalled();

    // Fixing the password settles the confirmation as soon as they agree.
    await view.user.clear(password);
    await view.user.type(password, 'shorterr');
    expect(password).toHaveAccessibleDescription('At least 8 characters.');
    await view.user.clear(screen.getByLabelText('Confirm password'));
    await view.user.type(screen.getByLabelText('Confirm password'), 'shorterr');
    expect(screen.getByLabelText('Confirm password')).not.toHaveAccessibleDescription();
  });

  it("posts the form's own values, then the new guest is signed in and back where they started", async () => {
    const bodies: unknown[] = [];
    stubFetch({
      'POST /api/auth/register': ({ init }) => {
        bodies.push(JSON.parse(init?.body as string));
        return json(
          { token: 'access-1', refreshToken: 'refresh-1', email: user.email, isGuest: true },
          { status: 201 },
        );
      },
      'GET /api/check-session': () => json(user),
    });
    const view = renderApp('/signup?redirectTo=%2Freservations');
    await fillIn(view, { 'First name': '  Avery ' });
    await view.user.click(screen.getByLabelText('I agree to the terms and policies'));
    await view.user.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(view.history.location.pathname).toBe('/reservations'));
    expect(bodies).toEqual([
      { firstName: 'Avery', lastName: 'Quinn', email: 'avery@example.com', password: 'correct horse' },
    ]);
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(await screen.findByRole('link', { name: 'My account' })).toBeInTheDocument();
  });

  it("shows the server's refusal, and 'Registration failed' when it gives no reason", async () => {
    let answer = () => json({ message: 'An account with this email already exists.' }, { status: 409 });
    stubFetch({ 'POST /api/auth/register': () => answer() });
    const view = renderApp('/signup');
    await fillIn(view);
    await view.user.click(screen.getByLabelText('I agree to the terms and policies'));
    await view.user.click(screen.getByRole('button', { name: 'Sign up' }));
    // The alert is an empty live region until the answer arrives.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('An account with this email already exists.'),
    );

    answer = () => json({ message: 'Internal Server Error' }, { status: 500 });
    await view.user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Registration failed'));
    expect(view.history.location.pathname).toBe('/signup');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

// Each page is a lazy route whose code loads first: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const accepted = 'If an account exists for that email, we have sent a link to reset the password.';

describe('/forgot-password', () => {
  it("checks the address, sends it, and shows the server's answer", async () => {
    const bodies: unknown[] = [];
    stubFetch({
      'POST /api/auth/forgot-password': ({ init }) => {
        bodies.push(JSON.parse(init?.body as string));
        return json({ message: accepted }, { status: 202 });
      },
    });
    const view = renderApp('/forgot-password');
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('autocomplete', 'email');

    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(email).toHaveAccessibleDescription('Enter your email address.');
    expect(bodies).toEqual([]);

    await view.user.type(email, 'avery@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('status')).toHaveTextContent(accepted);
    expect(bodies).toEqual([{ email: 'avery@example.com' }]);
  });

  it('says so when too many requests were made', async () => {
    stubFetch({
      'POST /api/auth/forgot-password': () =>
        json({ message: 'Too many attempts. Please try again in a few minutes.' }, { status: 429 }),
    });
    const view = renderApp('/forgot-password');
    await view.user.type(await screen.findByLabelText('Email'), 'avery@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please try again in a few minutes.'));
  });
});

describe('/reset-password', () => {
  it('needs both passwords to match and be long enough, sends the token with the new one, then confirms', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      'POST /api/auth/reset-password': ({ init }) => {
        bodies.push(JSON.parse(init?.body as string));
        return json({ message: 'Your password has been reset.' });
      },
    });
    const view = renderApp('/reset-password?token=abc123');
    const password = await screen.findByLabelText('Create password');
    const again = screen.getByLabelText('Re-enter password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');

    await view.user.type(password, 'short');
    await view.user.type(again, 'different');
    await view.user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(password).toHaveAccessibleDescription('At least 8 characters. Use at least 8 characters.');
    expect(again).toHaveAccessibleDescription('Passwords do not match');
    expect(bodies).toEqual([]);

    await view.user.clear(password);
    await view.user.type(password, 'a new passphrase');
    await view.user.clear(again);
    await view.user.type(again, 'a new passphrase');
    await view.user.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(view.history.location.pathname).toBe('/password-reset-success'));
    expect(bodies).toEqual([{ token: 'abc123', password: 'a new passphrase' }]);
    // The location moves first; the page follows once its code is there.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your password has been reset.'));
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('shows why a spent or expired link did not work, with a way to get a new one', async () => {
    stubFetch({
      'POST /api/auth/reset-password': () =>
        json({ message: 'This reset link is invalid or has expired.' }, { status: 400 }),
    });
    const view = renderApp('/reset-password?token=spent');
    await view.user.type(await screen.findByLabelText('Create password'), 'a new passphrase');
    await view.user.type(screen.getByLabelText('Re-enter password'), 'a new passphrase');
    await view.user.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.'));
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(view.history.location.pathname).toBe('/reset-password');
  });

  it('explains a link without its token', async () => {
    renderApp('/reset-password');
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Create password')).not.toBeInTheDocument();
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import { browserTokenStore } from '@/lib/api-client';
import { describe, expect, it } from 'vitest';
import { createSessionUser } from '@/testing/auth-data';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

// Each page is a lazy route whose code loads first: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const staff = createSessionUser({ email: 'sam@example.com', role: 'staff', isGuest: false });
const tokens = { token: 'access-1', refreshToken: 'refresh-1', email: staff.email };

function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  return JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
}

function signedIn() {
  localStorage.setItem('token', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
}

describe('signing in with two-step sign-in', () => {
  it('asks for the authenticator code after the password and signs in with it', async () => {
    const logins: Record<string, unknown>[] = [];
    stubFetch({
      'POST /api/auth/login': ({ init }) => {
        const body = bodyOf(init);
        logins.push(body);
        if (body.totpCode === undefined) {
          return json(
            { message: 'Enter the 6-digit code from your authenticator app.', code: 'totp_required' },
            { status: 401 },
          );
        }
        if (body.totpCode !== '123456') {
          return json({ message: 'That code is not right.', code: 'totp_invalid' }, { status: 401 });
        }
        return json(tokens);
      },
      'GET /api/check-session': () => json(staff),
      'GET /api/auth/totp': () => json({ enabled: true, required: false }),
    });
    const view = renderApp('/login?redirectTo=%2Fadmin');
    await view.user.type(await screen.findByLabelText('Email'), staff.email);
    await view.user.type(screen.getByLabelText('Password'), 'correct horse');
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));

    const code = await screen.findByLabelText('Authentication code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app.');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.');
    expect(logins).toHaveLength(1);

    await view.user.type(code, '654321');
    await view.user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();

    await view.user.clear(code);
    await view.user.type(code, '123 456');
    await view.user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(view.history.location.pathname).toBe('/admin'));
    expect(logins.at(-1)).toEqual({ email: staff.email, password: 'correct horse', totpCode: '123456' });
    expect(browserTokenStore.getToken()).toBe('access-1');
  });

  it('sends staff who must enrol to the security page, where they set it up with the QR code', async () => {
    let enabled = false;
    stubFetch({
      'POST /api/auth/login': () => json(tokens),
      'GET /api/check-session': () => json(staff),
      'GET /api/auth/totp': () => json({ enabled, required: true }),
      'POST /api/auth/totp/setup': () =>
        json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Summit%20%26%20Shore:sam%40example.com?secret=JBSWY3DPEHPK3PXP',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>',
        }),
      'POST /api/auth/totp/enable': ({ init }) => {
        if (bodyOf(init).code !== '246810') return json({ message: 'That code is not right.' }, { status: 400 });
        enabled = true;
        return json({ enabled: true, required: true });
      },
    });
    const view = renderApp('/login?redirectTo=%2Fadmin');
    await view.user.type(await screen.findByLabelText('Email'), staff.email);
    await view.user.type(screen.getByLabelText('Password'), 'correct horse');
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(view.history.location.pathname).toBe('/account/security'));

    expect(await screen.findByText(/requires two-step sign-in for staff accounts/)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    const qr = await screen.findByRole('img', { name: 'QR code to add Summit & Shore to your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Connect your authenticator app' })).toHaveFocus();

    await view.user.type(screen.getByLabelText('Authentication code'), '111111');
    await view.user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();
    await view.user.type(screen.getByLabelText('Authentication code'), '246810');
    await view.user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText(/Two-step sign-in is on/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the console' })).toHaveAttribute('href', '/admin');
  });
});

describe('/accept-invite', () => {
  it('sets the password, signs the invited owner in and opens the console', async () => {
    const owner = createSessionUser({ role: 'owner', isGuest: false });
    let accepted: Record<string, unknown> | undefined;
    stubFetch({
      'POST /api/auth/accept-invite': ({ init }) => {
        accepted = bodyOf(init);
        return json({ ...tokens, email: owner.email });
      },
      'GET /api/check-session': () => json(owner),
    });
    const view = renderApp('/accept-invite?token=abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accept your invitation' })).toBeInTheDocument();
    await view.user.type(screen.getByLabelText('Create password'), 'a new password');
    await view.user.type(screen.getByLabelText('Re-enter password'), 'a new passwore');
    await view.user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(screen.getByLabelText('Re-enter password')).toHaveAccessibleDescription('Passwords do not match');
    expect(accepted).toBeUndefined();

    await view.user.clear(screen.getByLabelText('Re-enter password'));
    await view.user.type(screen.getByLabelText('Re-enter password'), 'a new password');
    await view.user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(view.history.location.pathname).toBe('/admin'));
    expect(accepted).toEqual({ token: 'abc123', password: 'a new password' });
    expect(localStorage.getItem('token')).toBe('access-1');
  });

  it('shows the server refusal of a spent link', async () => {
    stubFetch({
      'POST /api/auth/accept-invite': () =>
        json(
          { message: 'This invitation link is invalid, expired or already used. Ask for a new one.' },
          { status: 400 },
        ),
    });
    const view = renderApp('/accept-invite?token=used');
    await view.user.type(await screen.findByLabelText('Create password'), 'a new password');
    await view.user.type(screen.getByLabelText('Re-enter password'), 'a new password');
    await view.user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('already used'));
    expect(view.history.location.pathname).toBe('/accept-invite');
  });
});

describe('the account page of company accounts', () => {
  it('links staff to the console and to sign-in security, and guests to neither', async () => {
    signedIn();
    stubFetch({ 'GET /api/check-session': () => json(staff), 'GET /api/account/bookings': () => json([]) });
    const view = renderApp('/dashboard');
    // The footer may carry a Console link of its own: these are the account page's.
    const work = within(await screen.findByRole('navigation', { name: 'Company' }));
    expect(work.getByRole('link', { name: 'Console' })).toHaveAttribute('href', '/admin');
    expect(work.getByRole('link', { name: 'Sign-in security' })).toHaveAttribute('href', '/account/security');
    view.unmount();

    const guest = createSessionUser();
    stubFetch({ 'GET /api/check-session': () => json(guest), 'GET /api/account/bookings': () => json([]) });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Your stays' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Company' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign-in security' })).not.toBeInTheDocument();
  });
});

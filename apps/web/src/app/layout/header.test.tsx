import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

const menuLinks = ['Collections', 'Concierge', 'Policies', 'Management', 'About Us'];

describe('header', () => {
  beforeEach(() => {
    stubFetch({});
  });

  it('shows the five links around a logo that leads home', async () => {
    renderApp('/collections/nowhere');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of menuLinks) expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Summit & Shore home' })).toHaveAttribute('href', '/');
  });

  it('opens the mobile menu, closes it with Escape and returns focus to the Menu button', async () => {
    const { user } = renderApp('/');
    const menuButton = await screen.findByRole('button', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton).toHaveAttribute('aria-controls', dialog.id);
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(menuLinks);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(menuButton).toHaveFocus();
  });

  it('closes the mobile menu with its Close button', async () => {
    const { user } = renderApp('/');
    const menuButton = await screen.findByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(menuButton).toHaveFocus();
  });

  it('closes the mobile menu when a link is followed', async () => {
    const { user, history } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Policies' }));

    await waitFor(() => expect(history.location.pathname).toBe('/policies'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers the phone number and live chat in the banner', async () => {
    renderApp('/');
    const banner = await screen.findByRole('complementary', { name: 'Contact us' });
    expect(within(banner).getByRole('link', { name: '(970) 555-0142' })).toHaveAttribute('href', 'tel:+19705550142');
    // No chat script is configured here: 'Chat live' opens the guest services contact form.
    expect(within(banner).getByRole('link', { name: /^Chat live/ })).toHaveAttribute(
      'href',
      'https://forms.summitandshore.example/guest-services',
    );
  });
});

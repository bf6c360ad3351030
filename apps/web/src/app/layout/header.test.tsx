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
    // jsdom shows no CSS: the closed mobile menu's copy of each link counts here too.
    for (const name of menuLinks) expect(within(nav).getAllByRole('link', { name })[0]).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Summit & Shore home' })).toHaveAttribute('href', '/');
  });

  it('has the mobile menu in the page from the start, a disclosure that needs no script to open', async () => {
    renderApp('/');
    const toggle = await screen.findByText('Menu', { selector: 'span' });
    const details = toggle.closest('details');
    expect(details).not.toBeNull();
    expect(details?.open).toBe(false);
    const nav = within(screen.getByTestId('mobile-menu')).getByRole('navigation', { name: 'Mobile', hidden: true });
    expect(
      within(nav)
        .getAllByRole('link', { hidden: true })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/collections', '/concierge', '/policies', '/management', '/about-us']);
  });

  it('opens the mobile menu, closes it with Escape and returns focus to the Menu button', async () => {
    const { user } = renderApp('/');
    const toggle = (await screen.findByText('Menu', { selector: 'span' })).closest('summary')!;
    const details = toggle.closest('details')!;

    await user.click(toggle);
    expect(details.open).toBe(true);
    expect(
      within(screen.getByRole('navigation', { name: 'Mobile' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(menuLinks);

    await user.keyboard('{Escape}');
    expect(details.open).toBe(false);
    expect(toggle).toHaveFocus();
  });

  it('closes the mobile menu with its Close button, a tap beside it, or Tab past its last link', async () => {
    const { user } = renderApp('/');
    const toggle = (await screen.findByText('Menu', { selector: 'span' })).closest('summary')!;
    const details = toggle.closest('details')!;
    await user.click(toggle);
    await user.click(toggle);
    expect(details.open).toBe(false);

    await user.click(toggle);
    await user.click(details.querySelector('.mobile-menu__overlay')!);
    expect(details.open).toBe(false);
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    within(screen.getByRole('navigation', { name: 'Mobile' }))
      .getByRole('link', { name: 'About Us' })
      .focus();
    await user.tab();
    expect(details.open).toBe(false);
  });

  it('closes the mobile menu when a link is followed', async () => {
    const { user, history } = renderApp('/');
    const toggle = (await screen.findByText('Menu', { selector: 'span' })).closest('summary')!;
    await user.click(toggle);
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Policies' }));

    await waitFor(() => expect(history.location.pathname).toBe('/policies'));
    expect(toggle.closest('details')!.open).toBe(false);
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

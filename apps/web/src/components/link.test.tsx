import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAFE_createMemoryHistory as createMemoryHistory, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HistoryRouter } from '@/app/history-router';
import { Link, NavLink } from './link';

function Where() {
  const location = useLocation();
  return <output aria-label="Location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string, ui: React.ReactNode) {
  const history = createMemoryHistory({ initialEntries: [url], v5Compat: true });
  render(
    <HistoryRouter history={history} routes={[]}>
      {ui}
      <Where />
    </HistoryRouter>,
  );
  return { history, user: userEvent.setup() };
}

describe('Link', () => {
  it('is a real anchor, and a plain click moves in the app with its state', async () => {
    const { history, user } = renderAt(
      '/',
      <Link to="/search?adults=2" state={{ from: 'card' }} className="card-link">
        Search
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Search' });
    expect(link).toHaveAttribute('href', '/search?adults=2');
    expect(link).toHaveClass('card-link');

    await user.click(link);
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/search?adults=2');
    expect(history.action).toBe('PUSH');
    expect(history.location.state).toEqual({ from: 'card' });
  });

  it('replaces the entry when asked, and leaves a click its own handler prevented alone', async () => {
    const { history, user } = renderAt(
      '/',
      <>
        <Link to="/policies" replace>
          Policies
        </Link>
        <Link to="/about-us" onClick={(event) => event.preventDefault()}>
          About
        </Link>
      </>,
    );
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(history.location.pathname).toBe('/');

    await user.click(screen.getByRole('link', { name: 'Policies' }));
    expect(history.location.pathname).toBe('/policies');
    expect(history.action).toBe('REPLACE');
  });

  it('leaves a modified click (a new tab) and a link to another site to the browser', async () => {
    const { history, user } = renderAt(
      '/',
      <>
        <Link to="/concierge">Concierge</Link>
        <Link to="https://www.instagram.com/summitandshore">Instagram</Link>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/summitandshore',
    );
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'Concierge' }));
    await user.keyboard('{/Control}');
    expect(history.location.pathname).toBe('/');
  });
});

describe('NavLink', () => {
  it('marks the current page and the pages below it, case-insensitively', () => {
    renderAt(
      '/Collections/properties',
      <>
        <NavLink to="/collections" className="header__link">
          Collections
        </NavLink>
        <NavLink to="/concierge" className="header__link">
          Concierge
        </NavLink>
        <NavLink to="/">Home</NavLink>
      </>,
    );
    const collections = screen.getByRole('link', { name: 'Collections' });
    expect(collections).toHaveAttribute('aria-current', 'page');
    expect(collections).toHaveClass('header__link', 'active');
    const concierge = screen.getByRole('link', { name: 'Concierge' });
    expect(concierge).not.toHaveAttribute('aria-current');
    expect(concierge).toHaveAttribute('class', 'header__link');
    // The home link is current on the home page only.
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('with end, marks its own path only, and follows the location', () => {
    const { history } = renderAt(
      '/admin/homes',
      <NavLink to="/admin" end>
        Dashboard
      </NavLink>,
    );
    const dashboard = screen.getByRole('link', { name: 'Dashboard' });
    expect(dashboard).not.toHaveAttribute('aria-current');

    act(() => history.push('/admin'));
    expect(dashboard).toHaveAttribute('aria-current', 'page');
  });
});

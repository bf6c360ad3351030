import { act, render, screen } from '@testing-library/react';
import { Outlet, UNSAFE_createMemoryHistory as createMemoryHistory, useRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HistoryRouter } from './history-router';
import { useNavigationPending } from './navigation-pending';
import { lazyPage, type RouteModule } from './router';

/** A page whose code arrives when the test says so. */
function pageArrivingLater(heading: string) {
  let arrive: () => void = () => {};
  const code = new Promise<RouteModule>((resolve) => {
    arrive = () => resolve({ Component: () => <h1>{heading}</h1> });
  });
  const page = lazyPage(() => code);
  return {
    page,
    arrive: () =>
      act(async () => {
        arrive();
        await code;
      }),
  };
}

function Layout() {
  return (
    <>
      {useNavigationPending() && <p role="status">Loading...</p>}
      <Outlet />
    </>
  );
}

function renderRoutes(...pages: [string, ReturnType<typeof pageArrivingLater>['page']][]) {
  const routes: RouteObject[] = [
    {
      path: '/',
      element: <Layout />,
      children: pages.map(([path, page]) => ({ path, element: <page.Page />, handle: { page } })),
    },
  ];
  const history = createMemoryHistory({ initialEntries: ['/first'], v5Compat: true });
  function Routes() {
    return useRoutes(routes);
  }
  render(
    <HistoryRouter history={history} routes={routes}>
      <Routes />
    </HistoryRouter>,
  );
  return history;
}

describe('HistoryRouter', () => {
  it("keeps the page on screen, with the loading overlay, until the next page's code is there", async () => {
    const first = pageArrivingLater('First page');
    const second = pageArrivingLater('Second page');
    const history = renderRoutes(['first', first.page], ['second', second.page]);
    // A first visit before the code is there: the overlay in the page's place.
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await first.arrive();
    expect(screen.getByRole('heading', { name: 'First page' })).toBeInTheDocument();

    act(() => history.push('/second'));
    expect(screen.getByRole('heading', { name: 'First page' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    await second.arrive();
    expect(screen.getByRole('heading', { name: 'Second page' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // Back to a page whose code is loaded: at once.
    act(() => history.go(-1));
    expect(screen.getByRole('heading', { name: 'First page' })).toBeInTheDocument();
  });

  it('goes where the latest navigation leads when an earlier one is still downloading', async () => {
    const first = pageArrivingLater('First page');
    const slow = pageArrivingLater('Slow page');
    const history = renderRoutes(['first', first.page], ['slow', slow.page]);
    await first.arrive();

    act(() => history.push('/slow'));
    // Back while the slow page downloads: the visitor stays where they went.
    act(() => history.go(-1));
    expect(screen.getByRole('heading', { name: 'First page' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await slow.arrive();
    expect(screen.getByRole('heading', { name: 'First page' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/first');
  });
});

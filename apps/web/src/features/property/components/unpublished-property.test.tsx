import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@sas/domain';
import { SessionContext, type Session } from '@/lib/session';
import { createSessionUser } from '@/testing/auth-data';
import { createPropertyDetails } from '@/testing/data-generators';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { PropertyPage, type PropertyPageSlots } from './property-page';

const home = createPropertyDetails({ public_name: 'Hidden Hollow', slug: 'hidden-hollow' });
const notFound = () => json({ message: 'Property not found' }, { status: 404 });
const adminDetailsPath = '/api/admin/properties/hidden-hollow/details';
const banner = 'Not published — guests cannot see this page';

function signIn(role: SessionUser['role']) {
  localStorage.setItem('token', 'access-1');
  return { 'GET /api/check-session': () => json(createSessionUser({ role, isGuest: role === 'guest' })) };
}

describe('an unpublished home', () => {
  it('is Property Not Found for a guest account, which never asks the console', async () => {
    const fetchMock = stubFetch({
      ...signIn('guest'),
      'GET /api/properties/search/hidden-hollow': notFound,
      [`GET ${adminDetailsPath}`]: () => json({ ...home, published: false }),
    });
    renderApp('/property/hidden-hollow');

    expect(await screen.findByRole('heading', { level: 1, name: 'Property Not Found' })).toBeInTheDocument();
    await waitFor(() =>
      expect(requestedUrls(fetchMock).map((url) => url.pathname)).toContain('/api/properties/search/hidden-hollow'),
    );
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).not.toContain(adminDetailsPath);
  });

  it('is shown to staff as the normal page under a Not published banner', async () => {
    stubFetch({
      ...signIn('staff'),
      'GET /api/properties/search/hidden-hollow': notFound,
      [`GET ${adminDetailsPath}`]: () => json({ ...home, published: false }),
    });
    renderApp('/property/hidden-hollow');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hidden Hollow' })).toBeInTheDocument();
    const notice = screen.getByText(/guests cannot see this page/);
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent(banner);
    expect(screen.getByRole('heading', { level: 2, name: 'Book your stay' })).toBeInTheDocument();
  });

  it('stays Property Not Found for staff when the console does not know the home either', async () => {
    stubFetch({
      ...signIn('staff'),
      'GET /api/properties/search/hidden-hollow': notFound,
      [`GET ${adminDetailsPath}`]: notFound,
    });
    renderApp('/property/hidden-hollow');

    expect(await screen.findByRole('heading', { level: 1, name: 'Property Not Found' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(banner)).not.toBeInTheDocument());
  });

  it("hydrates the server's page unchanged, and only then shows staff the home", async () => {
    stubFetch({
      'GET /api/properties/search/hidden-hollow': notFound,
      [`GET ${adminDetailsPath}`]: () => json({ ...home, published: false }),
    });
    const slots: PropertyPageSlots = { booking: () => null, summary: () => null };
    const staff: Session = { user: createSessionUser({ role: 'staff', isGuest: false }), status: 'authenticated' };
    const tree = (client: QueryClient) => (
      <QueryClientProvider client={client}>
        <SessionContext.Provider value={staff}>
          <MemoryRouter initialEntries={['/property/hidden-hollow']}>
            <PropertyPage param="hidden-hollow" slots={slots} />
          </MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>
    );
    const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

    // entry-server.tsx drops a failed query before rendering, so the browser asks
    // again: its HTML is the page without the home, whoever is signed in.
    const html = renderToString(tree(newClient()));
    expect(html).not.toContain('Hidden Hollow');
    expect(html).not.toContain('Not published');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const onRecoverableError = vi.fn();
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, tree(newClient()), { onRecoverableError });
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Hidden Hollow' })).toBeInTheDocument();
    expect(screen.getByText(/guests cannot see this page/)).toBeInTheDocument();
    expect(onRecoverableError).not.toHaveBeenCalled();
    act(() => root?.unmount());
    container.remove();
  });
});

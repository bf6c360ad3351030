import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MobileMenu } from './mobile-menu';

describe('the mobile menu before and after the app arrives', () => {
  it('stays open when a guest opened it from the server’s HTML before the app hydrated', async () => {
    const tree = (
      <MemoryRouter>
        <MobileMenu />
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const details = container.querySelector('details');
    expect(details).not.toBeNull();
    // The guest's tap on Menu, answered by the browser alone.
    details!.open = true;

    await act(async () => {
      hydrateRoot(container, tree);
      await Promise.resolve();
    });
    expect(container.querySelector('details')?.open).toBe(true);
    container.remove();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { layOutCarouselPages } from '@/testing/carousel-layout';
import { PagedCarousel } from './paged-carousel';

const homes = Array.from({ length: 10 }, (_, index) => `Home ${index + 1}`);

function renderCarousel() {
  layOutCarouselPages();
  render(
    <PagedCarousel
      items={homes}
      perPage={4}
      label="Resort homes"
      getKey={(home) => home}
      renderItem={(home) => <p>{home}</p>}
    />,
  );
  return userEvent.setup();
}

/** What a screen reader or keyboard user can reach: only the current page. */
function visibleHomes(): string[] {
  const carousel = screen.getByRole('region', { name: 'Resort homes' });
  return within(carousel)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('paged carousel', () => {
  it('shows four items per page', () => {
    renderCarousel();
    expect(visibleHomes()).toEqual(['Home 1', 'Home 2', 'Home 3', 'Home 4']);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('wraps from the last page to the first with Next', async () => {
    const user = renderCarousel();
    const next = await screen.findByRole('button', { name: 'Next page' });

    await user.click(next);
    expect(visibleHomes()).toEqual(['Home 5', 'Home 6', 'Home 7', 'Home 8']);
    await user.click(next);
    expect(visibleHomes()).toEqual(['Home 9', 'Home 10']);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();

    await user.click(next);
    expect(visibleHomes()).toEqual(['Home 1', 'Home 2', 'Home 3', 'Home 4']);
  });

  it('wraps from the first page to the last with Previous', async () => {
    const user = renderCarousel();
    await user.click(await screen.findByRole('button', { name: 'Previous page' }));
    expect(visibleHomes()).toEqual(['Home 9', 'Home 10']);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('has no paging buttons when everything fits on one page', () => {
    layOutCarouselPages();
    render(
      <PagedCarousel
        items={homes.slice(0, 3)}
        perPage={4}
        label="Resort homes"
        getKey={(home) => home}
        renderItem={(home) => <p>{home}</p>}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });
});

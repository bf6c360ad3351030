import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Photo, PropertyDetails } from '@sas/domain';
import { createPropertyDetails } from '@/testing/data-generators';
import { swipe } from '@/testing/swipe';
import { renderSection } from '@/testing/render-section';
import { PhotoGallery } from './photo-gallery';

const tourUrl = 'https://my.matterport.com/show/?m=kB7sN2pQv4X';

function createPhotos(count: number): Photo[] {
  return Array.from({ length: count }, (_, index) => ({
    key: `homes/test/${index + 1}`,
    alt: `Room ${index + 1}`,
    width: 1600,
    height: 1067,
  }));
}

function createHome(overrides: Partial<PropertyDetails> = {}): PropertyDetails {
  return createPropertyDetails({ public_name: 'Bear Den Lodge', photos: createPhotos(8), ...overrides });
}

/**
 * jsdom lays nothing out, so Embla would find every slide at 0px and a single
 * snap. Slides side by side, each as wide as the carousel, as in a browser.
 */
function layOutGallerySlides(width = 1000): void {
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('full-gallery__track') || this.classList.contains('full-gallery__slide') ? width : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains('full-gallery__slide') || this.parentElement === null) return 0;
    return Array.prototype.indexOf.call(this.parentElement.children, this) * width;
  });
}

describe('photo gallery', () => {
  it('shows the main photo first and at high priority, four lazy thumbnails and Show all', () => {
    renderSection(<PhotoGallery property={createHome()} />);

    const openers = screen.getAllByRole('button', { name: /^Open photo/ });
    expect(openers.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Open photo 1 of 8: Room 1',
      'Open photo 2 of 8: Room 2',
      'Open photo 3 of 8: Room 3',
      'Open photo 4 of 8: Room 4',
      'Open photo 5 of 8: Room 5',
    ]);
    expect(screen.getByRole('button', { name: 'Show all 8 photos' })).toBeInTheDocument();

    const images = openers.map((button) => within(button).getByRole('img'));
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    for (const image of images.slice(1)) expect(image).toHaveAttribute('loading', 'lazy');
    // Intrinsic size on every image: the browser reserves its box before it loads.
    for (const image of images) {
      expect(image).toHaveAttribute('width', '1600');
      expect(image).toHaveAttribute('height', '1067');
    }
    const sources = openers[0]!.querySelectorAll('source');
    expect([...sources].map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]).toHaveAttribute('srcset', expect.stringContaining('/media/homes/test/1-480.avif 480w'));
    expect(sources[0]).toHaveAttribute('sizes', expect.stringContaining('100vw'));
  });

  it('opens the full gallery, moves between photos and gives focus back on Back', async () => {
    layOutGallerySlides();
    const { user } = renderSection(<PhotoGallery property={createHome()} />);
    const showAll = screen.getByRole('button', { name: 'Show all 8 photos' });

    await user.click(showAll);
    const dialog = await screen.findByRole('dialog', { name: 'Photos of Bear Den Lodge' });
    const counter = within(dialog).getByTestId('gallery-counter');
    expect(counter).toHaveTextContent('1 / 8');
    expect(within(dialog).getByRole('group', { name: '1 of 8' })).toHaveAttribute('aria-hidden', 'false');

    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    await waitFor(() => expect(counter).toHaveTextContent('2 / 8'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(counter).toHaveTextContent('3 / 8'));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(counter).toHaveTextContent('2 / 8'));
    await user.click(within(dialog).getByRole('button', { name: 'Previous photo' }));
    await waitFor(() => expect(counter).toHaveTextContent('1 / 8'));
    // The gallery wraps around: before the first photo comes the last.
    await user.click(within(dialog).getByRole('button', { name: 'Previous photo' }));
    await waitFor(() => expect(counter).toHaveTextContent('8 / 8'));

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(showAll).toHaveFocus());
  });

  it('turns the full gallery on a touch swipe of 50px or more, not on a shorter one', async () => {
    layOutGallerySlides();
    const { user } = renderSection(<PhotoGallery property={createHome()} />);
    await user.click(screen.getByRole('button', { name: 'Show all 8 photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photos of Bear Den Lodge' });
    const counter = within(dialog).getByTestId('gallery-counter');
    const photoOnScreen = () => within(dialog).getByRole('img');

    swipe(photoOnScreen(), -49);
    await waitFor(() => expect(counter).toHaveTextContent('1 / 8'));
    swipe(photoOnScreen(), -50);
    await waitFor(() => expect(counter).toHaveTextContent('2 / 8'));
    swipe(photoOnScreen(), 49);
    await waitFor(() => expect(counter).toHaveTextContent('2 / 8'));
    swipe(photoOnScreen(), 50);
    await waitFor(() => expect(counter).toHaveTextContent('1 / 8'));
    // Swiping back from the first photo shows the last.
    swipe(photoOnScreen(), 120);
    await waitFor(() => expect(counter).toHaveTextContent('8 / 8'));
  });

  it('opens the full gallery at the thumbnail that was clicked', async () => {
    layOutGallerySlides();
    const { user } = renderSection(<PhotoGallery property={createHome()} />);
    const thumbnail = screen.getByRole('button', { name: 'Open photo 4 of 8: Room 4' });

    await user.click(thumbnail);
    const dialog = await screen.findByRole('dialog', { name: 'Photos of Bear Den Lodge' });
    expect(within(dialog).getByTestId('gallery-counter')).toHaveTextContent('4 / 8');
    expect(within(dialog).getByRole('img', { name: 'Room 4' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(thumbnail).toHaveFocus());
  });

  it('says No images available for a home without photos', () => {
    renderSection(<PhotoGallery property={createHome({ photos: [] })} />);
    expect(screen.getByText('No images available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });

  it('keeps the place of a photo that fails to load, labelled with its description', () => {
    renderSection(<PhotoGallery property={createHome()} />);
    const main = screen.getByRole('button', { name: 'Open photo 1 of 8: Room 1' });

    fireEvent.error(within(main).getByRole('img'));

    expect(main.querySelector('img')).toBeNull();
    expect(within(main).getByRole('img', { name: 'Room 1' })).toHaveTextContent('Room 1');
  });

  it('offers the virtual tour of a trusted tour host in a dialog', async () => {
    const { user } = renderSection(<PhotoGallery property={createHome({ matterportUrl: tourUrl })} />);

    await user.click(screen.getByRole('button', { name: 'Explore Our Virtual Tour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Virtual tour of Bear Den Lodge' });
    const frame = within(dialog).getByTitle('Virtual tour of Bear Den Lodge');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', tourUrl);
    expect(frame).toHaveAttribute('allowfullscreen');
  });

  it('says the tour is coming soon on a home without one (SPEC.md section 8)', () => {
    renderSection(<PhotoGallery property={createHome({ matterportUrl: null })} />);
    expect(screen.queryByRole('button', { name: 'Explore Our Virtual Tour' })).not.toBeInTheDocument();
    expect(screen.getByText('Virtual Tour Coming Soon')).toBeInTheDocument();
  });

  it.each([
    ['an untrusted host', 'https://tours.example.net/show/?m=abc'],
    ['a look-alike host', 'https://my.matterport.com.evil.test/show/?m=abc'],
    ['plain http', 'http://my.matterport.com/show/?m=abc'],
    ['a script URL', 'javascript:alert(1)'],
  ])('never frames a tour on %s and says it is coming soon', (_case, url) => {
    renderSection(<PhotoGallery property={createHome({ matterportUrl: url })} />);
    expect(screen.queryByRole('button', { name: 'Explore Our Virtual Tour' })).not.toBeInTheDocument();
    expect(screen.getByText('Virtual Tour Coming Soon')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

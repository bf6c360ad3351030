import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPropertyDetails } from '@/testing/data-generators';
import { renderSection } from '@/testing/render-section';
import { AboutSpace } from './about-space';

const description = [
  'A timber-frame home on the quiet side of Peak 8.',
  ["What you'll love:", '- Hot tub', '- Stone fireplace', '- Ski storage', '- Game room', '- Mountain views'].join(
    '\n',
  ),
  'The neighborhood: the gondola is a short walk away.',
].join('\n\n');

describe('About this space', () => {
  it('previews two paragraphs with at most three bullets each', () => {
    renderSection(<AboutSpace property={createPropertyDetails({ description })} />);
    const section = screen.getByRole('region', { name: 'About this space' });

    expect(within(section).getByText('A timber-frame home on the quiet side of Peak 8.')).toBeInTheDocument();
    expect(within(section).getByText("What you'll love:")).toBeInTheDocument();
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Hot tub', 'Stone fireplace', 'Ski storage']);
    expect(within(section).queryByText(/The neighborhood/)).not.toBeInTheDocument();
  });

  it('shows the whole description in a modal and returns focus when it closes', async () => {
    const { user } = renderSection(<AboutSpace property={createPropertyDetails({ description })} />);
    const showMore = screen.getByRole('button', { name: 'Show more' });

    await user.click(showMore);
    const dialog = screen.getByRole('dialog', { name: 'About this space' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(5);
    expect(within(dialog).getByText('Mountain views')).toBeInTheDocument();
    expect(within(dialog).getByText('The neighborhood: the gondola is a short walk away.')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Radix hands focus back on the next tick.
    await waitFor(() => expect(showMore).toHaveFocus());
  });

  it('offers no Show more when the preview is the whole text', () => {
    renderSection(<AboutSpace property={createPropertyDetails({ description: 'One paragraph.\n\n- One bullet' })} />);
    expect(screen.getByText('One paragraph.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});

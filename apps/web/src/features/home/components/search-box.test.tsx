import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchWidgetConfig } from '@/env';
import { SearchBox } from './search-box';

let widgetNumber = 0;

/** A widget configuration with an element name no earlier test has registered. */
function widget(): SearchWidgetConfig {
  widgetNumber += 1;
  return { scriptUrl: `https://widgets.example/search-${widgetNumber}.js`, elementName: `test-search-${widgetNumber}` };
}

function renderSearchBox(config: SearchWidgetConfig | null) {
  return render(
    <MemoryRouter>
      <SearchBox widget={config} />
    </MemoryRouter>,
  );
}

function widgetScript(config: SearchWidgetConfig): HTMLScriptElement | undefined {
  return [...document.scripts].find((script) => script.src === config.scriptUrl);
}

describe('search box with a third-party widget', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
    for (const script of document.head.querySelectorAll('script[data-third-party]')) script.remove();
  });

  it('shows our form at once when no widget is configured, loading nothing', () => {
    renderSearchBox(null);
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(screen.queryByText('Loading search...')).not.toBeInTheDocument();
    expect(document.head.querySelector('script[data-third-party]')).toBeNull();
  });

  it('waits up to 3 s for the element, then falls back to our form', () => {
    const config = widget();
    renderSearchBox(config);

    expect(screen.getByRole('status')).toHaveTextContent('Loading search...');
    expect(widgetScript(config)?.async).toBe(true);
    act(() => {
      vi.advanceTimersByTime(2_999);
    });
    expect(screen.getByText('Loading search...')).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Loading search...')).not.toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(screen.getByLabelText('Guests')).toHaveValue(2);
  });

  it('shows the widget once its element is registered', async () => {
    const config = widget();
    renderSearchBox(config);
    expect(screen.getByText('Loading search...')).toBeInTheDocument();

    await act(async () => {
      customElements.define(config.elementName, class extends HTMLElement {});
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(document.querySelector(config.elementName)).not.toBeNull();
    expect(screen.queryByText('Loading search...')).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();

    // Registered in time: nothing replaces it later.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(document.querySelector(config.elementName)).not.toBeNull();
  });

  it('uses an element registered before it mounts straight away', () => {
    const config = widget();
    customElements.define(config.elementName, class extends HTMLElement {});
    renderSearchBox(config);
    expect(document.querySelector(config.elementName)).not.toBeNull();
    expect(screen.queryByText('Loading search...')).not.toBeInTheDocument();
  });

  it('falls back at once when the script fails to load', () => {
    const config = widget();
    renderSearchBox(config);
    act(() => {
      fireEvent.error(widgetScript(config)!);
    });
    expect(screen.getByRole('search')).toBeInTheDocument();
  });
});

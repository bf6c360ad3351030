import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitGetFormsAtOnce } from './submit-get-forms';

/** A form in the page, and its submit button, from HTML. */
function formOf(html: string): { form: HTMLFormElement; button: HTMLButtonElement } {
  document.body.innerHTML = html;
  const form = document.querySelector('form');
  const button = document.querySelector('button');
  if (form === null || button === null) throw new Error('The HTML has no form and button');
  return { form, button };
}

describe('submitGetFormsAtOnce', () => {
  const navigate = vi.fn<(url: URL, replace: boolean) => void>();
  // One listener for the whole file, as the page installs it once.
  submitGetFormsAtOnce(document, navigate);

  afterEach(() => {
    navigate.mockReset();
    document.body.innerHTML = '';
  });

  it("goes to the address the browser would build: the form's fields, then the button's own value, the hash kept", () => {
    const { button } = formOf(`
      <form id="start" method="get" data-leaves-at-once action="/property/summit-estate#booking">
        <input type="hidden" name="adults" value="3"><input type="hidden" name="utm_source" value="mail">
      </form>
      <button type="submit" form="start" name="checkin" value="2031-01-12">12</button>`);
    button.click();
    expect(navigate).toHaveBeenCalledTimes(1);
    const url = navigate.mock.calls[0]?.[0];
    expect(`${url?.pathname}${url?.search}${url?.hash}`).toBe(
      '/property/summit-estate?adults=3&utm_source=mail&checkin=2031-01-12#booking',
    );
    expect(navigate.mock.calls[0]?.[1]).toBe(false);
  });

  it('replaces the page in the history when the form says so', () => {
    const { button } = formOf(
      `<form method="get" action="/property/summit-estate" data-leaves-at-once="replace"><button name="checkin" value="2031-01-12">12</button></form>`,
    );
    button.click();
    expect(navigate.mock.calls[0]?.[1]).toBe(true);
  });

  it("replaces the action's own query, as a GET form does", () => {
    const { button } = formOf(
      `<form method="get" action="/reservation?stale=1" data-leaves-at-once><input type="hidden" name="home" value="summit-estate"><button>Reserve</button></form>`,
    );
    button.click();
    expect(navigate.mock.calls[0]?.[0].search).toBe('?home=summit-estate');
  });

  it('leaves alone a form the app has handled, and a form not marked to leave at once', () => {
    const handled = formOf(`<form method="get" action="/search" data-leaves-at-once><button>Search</button></form>`);
    handled.form.addEventListener('submit', (event) => event.preventDefault());
    handled.button.click();

    const unmarked = formOf(`<form method="get" action="/print"><button>Print</button></form>`);
    // Left to the browser, which jsdom cannot do: a listener after this code's stops it there.
    document.addEventListener('submit', (event) => event.preventDefault(), { once: true });
    unmarked.button.click();

    expect(navigate).not.toHaveBeenCalled();
  });
});

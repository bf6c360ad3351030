import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatLoader } from './chat-loader';
import { loadOnFirstClick } from './first-click';

/** The banner's wiring: the loader's script on the first click. */
function loadsOnFirstClick(loader: ReturnType<typeof createChatLoader>): () => void {
  return loadOnFirstClick(document, () => loader.load());
}

const scriptUrl = 'https://chat.example.net/widget.js';

function chatScripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script[data-support-chat]')];
}

/** jsdom loads no scripts: this plays the browser's part for the one added. */
function finishLoading(outcome: 'load' | 'error' = 'load') {
  for (const script of chatScripts()) script.dispatchEvent(new Event(outcome));
}

afterEach(() => {
  for (const script of chatScripts()) script.remove();
  delete window.SupportChat;
});

describe('chat loader', () => {
  it('adds nothing to the page before the first click', () => {
    const uninstall = loadsOnFirstClick(createChatLoader(scriptUrl));
    expect(chatScripts()).toHaveLength(0);
    uninstall();
  });

  it('loads the configured script on the first click anywhere, and only once', () => {
    const uninstall = loadsOnFirstClick(createChatLoader(scriptUrl));
    document.body.click();
    document.body.click();
    document.documentElement.click();
    expect(chatScripts().map((script) => script.src)).toEqual([scriptUrl]);
    expect(chatScripts()[0]?.async).toBe(true);
    uninstall();
  });

  it("counts a click made while the loader's own code is still on its way", async () => {
    const loader = createChatLoader(scriptUrl);
    let arrive: (value: typeof loader) => void = () => undefined;
    const loaderCode = new Promise<typeof loader>((resolve) => (arrive = resolve));
    const uninstall = loadOnFirstClick(document, () => loaderCode.then((arrived) => arrived.load()));
    document.body.click();
    expect(chatScripts()).toHaveLength(0);
    arrive(loader);
    await loaderCode;
    await Promise.resolve();
    expect(chatScripts().map((script) => script.src)).toEqual([scriptUrl]);
    uninstall();
  });

  it('counts a click whose handler stops it from bubbling', () => {
    const button = document.createElement('button');
    button.addEventListener('click', (event) => event.stopPropagation());
    document.body.append(button);
    const uninstall = loadsOnFirstClick(createChatLoader(scriptUrl));
    button.click();
    expect(chatScripts()).toHaveLength(1);
    button.remove();
    uninstall();
  });

  it('loads nothing, ever, when no chat is configured', async () => {
    const loader = createChatLoader(undefined);
    const uninstall = loadsOnFirstClick(loader);
    document.body.click();
    expect(loader.configured).toBe(false);
    expect(await loader.open()).toBe(false);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    uninstall();
  });

  it('opens the chat window once the script has loaded, reusing the script of the first click', async () => {
    const open = vi.fn();
    const loader = createChatLoader(scriptUrl);
    const uninstall = loadsOnFirstClick(loader);
    document.body.click();
    const opened = loader.open();
    window.SupportChat = { open };
    finishLoading();
    expect(await opened).toBe(true);
    expect(open).toHaveBeenCalledOnce();
    expect(chatScripts()).toHaveLength(1);
    uninstall();
  });

  it('reports a script that fails to load, without adding it again', async () => {
    const loader = createChatLoader(scriptUrl);
    const opened = loader.open();
    finishLoading('error');
    expect(await opened).toBe(false);
    expect(await loader.open()).toBe(false);
    expect(chatScripts()).toHaveLength(1);
  });
});

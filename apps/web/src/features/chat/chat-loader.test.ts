import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatLoader } from './chat-loader';

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
    const uninstall = createChatLoader(scriptUrl).install();
    expect(chatScripts()).toHaveLength(0);
    uninstall();
  });

  it('loads the configured script on the first click anywhere, and only once', () => {
    const uninstall = createChatLoader(scriptUrl).install();
    document.body.click();
    document.body.click();
    document.documentElement.click();
    expect(chatScripts().map((script) => script.src)).toEqual([scriptUrl]);
    expect(chatScripts()[0]?.async).toBe(true);
    uninstall();
  });

  it('counts a click whose handler stops it from bubbling', () => {
    const button = document.createElement('button');
    button.addEventListener('click', (event) => event.stopPropagation());
    document.body.append(button);
    const uninstall = createChatLoader(scriptUrl).install();
    button.click();
    expect(chatScripts()).toHaveLength(1);
    button.remove();
    uninstall();
  });

  it('loads nothing, ever, when no chat is configured', async () => {
    const loader = createChatLoader(undefined);
    const uninstall = loader.install();
    document.body.click();
    expect(loader.configured).toBe(false);
    expect(await loader.open()).toBe(false);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    uninstall();
  });

  it('opens the chat window once the script has loaded, reusing the script of the first click', async () => {
    const open = vi.fn();
    const loader = createChatLoader(scriptUrl);
    const uninstall = loader.install();
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

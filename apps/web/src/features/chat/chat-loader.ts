// The support chat (SPEC.md section 2): a third-party script, configured by
// the server (CHAT_SCRIPT_URL), loaded on the first click anywhere in the
// page (first-click.ts) and never more than once. Kept tiny: it is part of every page's first
// download, the home page's included.
import { env } from '@/env';

declare global {
  interface Window {
    /**
     * What a chat script may expose so the banner's 'Chat live' can open its
     * window; a script without it shows its own launcher once loaded.
     */
    SupportChat?: { open?: () => void };
  }
}

export interface ChatLoader {
  /** False when no chat script is configured: 'Chat live' falls back to the contact form. */
  readonly configured: boolean;
  /** The script, added to the page at most once; resolves when it has loaded. */
  load(): Promise<void>;
  /** Loads the script if needed, then opens the chat window; false when the script failed to load. */
  open(): Promise<boolean>;
}

/** `doc` defaults to the page's document, looked up on use: the module is also loaded while rendering on the server. */
export function createChatLoader(scriptUrl: string | undefined, ownDoc?: Document): ChatLoader {
  let loading: Promise<void> | null = null;
  const page = (): Document => ownDoc ?? document;

  function load(): Promise<void> {
    if (scriptUrl === undefined) return Promise.reject(new Error('No chat is configured'));
    loading ??= new Promise<void>((resolve, reject) => {
      const script = page().createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.dataset.supportChat = '';
      script.addEventListener('load', () => resolve(), { once: true });
      script.addEventListener('error', () => reject(new Error('The chat could not be loaded')), { once: true });
      page().head.append(script);
    });
    return loading;
  }

  return {
    configured: scriptUrl !== undefined,
    load,
    async open() {
      try {
        await load();
      } catch {
        return false;
      }
      page().defaultView?.SupportChat?.open?.();
      return true;
    },
  };
}

/** The page's one chat loader. */
export const chatLoader = createChatLoader(env.site.chatScriptUrl);

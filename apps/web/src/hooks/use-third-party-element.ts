import { useEffect, useState } from 'react';
import { widgetCheckRetryMs, widgetGiveUpMs } from '@sas/domain';

export type ThirdPartyElementStatus = 'loading' | 'ready' | 'unavailable';

interface ThirdPartyElement {
  scriptUrl: string;
  elementName: string;
}

/** One <script> per URL for the whole page, however many components ask for it. */
function loadScriptOnce(scriptUrl: string, onError: () => void): () => void {
  let script = [...document.scripts].find((element) => element.dataset.thirdParty === scriptUrl);
  if (script === undefined) {
    script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.thirdParty = scriptUrl;
    document.head.append(script);
  }
  script.addEventListener('error', onError);
  const added = script;
  return () => added.removeEventListener('error', onError);
}

/**
 * Loads a third-party script that registers a custom element and says when
 * the element can be used (SPEC.md sections 2 and 9): checked at once and
 * again after 1 s, and given up on after 3 s (or when the script fails to
 * load), so the caller can fall back to its own version. A registration
 * before the give-up time is noticed as soon as it happens. Null `widget`
 * means not configured: 'unavailable' at once, without loading anything.
 */
export function useThirdPartyElement(widget: ThirdPartyElement | null): ThirdPartyElementStatus {
  const scriptUrl = widget?.scriptUrl;
  const elementName = widget?.elementName;
  // 'loading' until the browser has looked: the server has no custom elements,
  // and the browser's first render must draw what the server's HTML shows.
  const [status, setStatus] = useState<ThirdPartyElementStatus>(elementName === undefined ? 'unavailable' : 'loading');

  useEffect(() => {
    if (scriptUrl === undefined || elementName === undefined || status !== 'loading') return;
    let settled = false;
    const settle = (next: ThirdPartyElementStatus) => {
      if (settled) return;
      settled = true;
      setStatus(next);
    };
    const check = () => {
      if (customElements.get(elementName) !== undefined) settle('ready');
    };

    const stopListening = loadScriptOnce(scriptUrl, () => settle('unavailable'));
    void customElements.whenDefined(elementName).then(check);
    check();
    const retry = setTimeout(check, widgetCheckRetryMs);
    const giveUp = setTimeout(() => {
      check();
      settle('unavailable');
    }, widgetGiveUpMs);
    return () => {
      settled = true;
      stopListening();
      clearTimeout(retry);
      clearTimeout(giveUp);
    };
  }, [scriptUrl, elementName, status]);

  return status;
}

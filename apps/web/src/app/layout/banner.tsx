import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { companyPhone, companyPhoneHref } from '@sas/domain';
import { env } from '@/env';
import { loadOnFirstClick } from '@/features/chat/first-click';
import { formLinks } from '@/features/content/data/form-links';

/** The chat's loader: its own chunk, as most sites configure no chat (ADR 048). */
const loadChat = () => import('@/features/chat/chat-loader').then((module) => module.chatLoader);

/**
 * 'Chat live' opens the support chat when one is configured (CHAT_SCRIPT_URL),
 * else the guest services contact form in a new tab (ADR 013).
 */
function ChatLive() {
  const navigate = useNavigate();
  const configured = env.site.chatScriptUrl !== undefined;

  // SPEC.md section 2: the chat script loads on the first click anywhere.
  useEffect(() => {
    if (!configured) return;
    return loadOnFirstClick(document, () => loadChat().then((chat) => chat.load()));
  }, [configured]);

  if (!configured) {
    return (
      <a href={formLinks.guestServices} className="banner__chat" target="_blank" rel="noopener noreferrer">
        Chat live<span className="visually-hidden"> (opens the guest services contact form in a new tab)</span>
      </a>
    );
  }

  async function openChat() {
    // A chat that cannot load still leaves a way to reach us.
    const opened = await loadChat().then(
      (chat) => chat.open(),
      () => false,
    );
    if (!opened) await navigate('/about-us#get-in-touch');
  }

  return (
    <button type="button" className="banner__chat banner__chat--button" onClick={() => void openChat()}>
      Chat live
    </button>
  );
}

/** Under the header on every page: the two ways to reach a person. */
export function Banner() {
  return (
    <aside className="banner" aria-label="Contact us">
      <p className="banner__text page-container">
        <span>Questions about a stay? Call </span>
        <a href={companyPhoneHref} className="banner__phone">
          {companyPhone}
        </a>
        <span> or </span>
        <ChatLive />
      </p>
    </aside>
  );
}

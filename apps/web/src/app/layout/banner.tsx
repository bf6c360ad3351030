import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { companyPhone, companyPhoneHref } from '@sas/domain';
import { chatLoader } from '@/features/chat/chat-loader';
import { formLinks } from '@/features/content/data/form-links';

/**
 * 'Chat live' opens the support chat when one is configured (CHAT_SCRIPT_URL),
 * else the guest services contact form in a new tab (ADR 013).
 */
function ChatLive() {
  const navigate = useNavigate();

  // SPEC.md section 2: the chat script loads on the first click anywhere.
  useEffect(() => chatLoader.install(), []);

  if (!chatLoader.configured) {
    return (
      <a href={formLinks.guestServices} className="banner__chat" target="_blank" rel="noopener noreferrer">
        Chat live<span className="visually-hidden"> (opens the guest services contact form in a new tab)</span>
      </a>
    );
  }

  async function openChat() {
    // A chat that cannot load still leaves a way to reach us.
    if (!(await chatLoader.open())) await navigate('/about-us#get-in-touch');
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

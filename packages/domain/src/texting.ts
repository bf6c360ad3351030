// Text messages to guests (issue 28): the phone number a guest opted in
// with, in the one form a provider accepts (E.164: "+", country code, up to
// 15 digits), and the words of a STOP reply. The number is used for the
// texts the guest asked for and nothing else.

/** The keywords carriers and Twilio treat as an opt-out, and as opting back in. */
export const textOptOutKeywords = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'];
export const textOptInKeywords = ['START', 'UNSTOP', 'YES'];

/** A text is cut to this many characters (Twilio's limit for one message body). */
export const textMaxLength = 1_600;

/**
 * "+1 (555) 010-0123" or "555-010-0123" (a 10-digit North American number)
 * as "+15550100123"; null when it cannot be a full international number.
 */
export function normalizePhoneNumber(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed.length > 40 || !/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  if (/^[2-9]\d{9}$/.test(digits)) return `+1${digits}`;
  if (/^1[2-9]\d{9}$/.test(digits)) return `+${digits}`;
  return null;
}

export type TextReply = 'stop' | 'start' | 'other';

/** What an inbound text says: only the whole message counts as a keyword, as carriers read it. */
export function readTextReply(body: string): TextReply {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[.!]+$/, '');
  if (textOptOutKeywords.includes(word)) return 'stop';
  if (textOptInKeywords.includes(word)) return 'start';
  return 'other';
}

/** A guest message as one text: its subject, then its body, within the length limit. */
export function textOf(subject: string, body: string): string {
  const text = `${subject}\n\n${body}`.replace(/\n{3,}/g, '\n\n').trim();
  return text.length <= textMaxLength ? text : `${text.slice(0, textMaxLength - 1)}…`;
}

/**
 * The number texts go to (E.164): only when the guest ticked the opt-in, and
 * only the number the contact schema checked; used for nothing else.
 */
export function textPhoneOf(
  contact: { phoneNumber: string; textMessages?: boolean | undefined } | null | undefined,
): string | null {
  if (!contact?.textMessages) return null;
  return normalizePhoneNumber(contact.phoneNumber);
}

// Where outgoing mail goes: an SMTP server (SMTP_URL), or, without one, .eml
// files under DATA_DIR/outbox that any mail client opens, so a developer sees
// exactly what a guest would receive. Both go through nodemailer, which
// builds the MIME message the same way in either case.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';

export interface OutgoingMail {
  /** The outbox row's id; also the Message-ID's local part, so a resent copy can be recognised. */
  id: string;
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe on marketing mail). */
  headers?: Record<string, string> | undefined;
}

/** What the receiving end answered when it accepted a message. */
export interface MailAccepted {
  /** The SMTP server's reply to the message ("250 2.0.0 OK ..."), or what the sandbox did with it. */
  response: string;
}

/**
 * The receiving server refused the recipient or the message for good (a 5xx
 * reply to RCPT TO or to the message): a bounce. Not retried.
 */
export class MailBouncedError extends Error {
  constructor(
    /** The server's words, e.g. "550 5.1.1 <x@example.com>: Recipient address rejected". */
    readonly response: string,
  ) {
    super(`The receiving mail server refused the message: ${response}`);
    this.name = 'MailBouncedError';
  }
}

export interface MailTransport {
  /** For logs: "SMTP at mail.example:587" or "files in /data/outbox". */
  readonly description: string;
  /**
   * Hands the message over: resolves when the receiving server accepted it,
   * throws MailBouncedError when it refused it for good, and any other error
   * for what may pass (a 4xx, a connection that failed), to be retried.
   */
  send(mail: OutgoingMail): Promise<MailAccepted>;
  close(): void;
}

/** nodemailer's error of a refused envelope or message: its SMTP reply and the command it answered. */
interface SmtpError {
  responseCode?: unknown;
  response?: unknown;
  command?: unknown;
}

/** A permanent (5xx) refusal of the recipient or of the message itself; a refused sender is ours to fix, so retried. */
function bounceOf(error: unknown): MailBouncedError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { responseCode, response, command } = error as SmtpError;
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599) return null;
  if (command !== 'RCPT TO' && command !== 'DATA') return null;
  return new MailBouncedError(typeof response === 'string' ? response : String(responseCode));
}

export interface MailTransportOptions {
  smtpUrl?: string | undefined;
  /** 'Name <address>' or a bare address. */
  from: string;
  /** Where .eml files go without SMTP. */
  outboxDir: string;
  /** The app's clock (app.clock), for the time stamp that sorts the .eml files. */
  now: () => Date;
}

/** The domain of the sender's address, for Message-IDs. */
function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim();
  return domain === '' || domain === address ? 'localhost' : domain;
}

function messageId(mail: OutgoingMail, from: string): string {
  return `<${mail.id}@${senderDomain(from)}>`;
}

/** The message as nodemailer takes it, the same for the mail server and the outbox folder. */
function nodemailerMessage(mail: OutgoingMail, from: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: messageId(mail, from),
    headers: { ...mail.headers, 'X-SAS-Message-Kind': mail.kind },
  };
}

export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl ? createSmtpTransport(options.smtpUrl, options.from) : createFileTransport(options);
}

function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const url = new URL(smtpUrl);
  const transporter = createTransport({
    url: smtpUrl,
    // A mail server that hangs must fail the attempt (it is retried later),
    // not hold the outbox worker forever.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    // Credentials in the URL stay out of logs.
    description: `SMTP at ${url.hostname}${url.port ? `:${url.port}` : ''}`,
    async send(mail) {
      try {
        const info = await transporter.sendMail(nodemailerMessage(mail, from));
        return { response: typeof info.response === 'string' ? info.response : 'accepted' };
      } catch (error) {
        throw bounceOf(error) ?? error;
      }
    },
    close() {
      transporter.close();
    },
  };
}

/** What the file sandbox says it did: no mail server was involved. */
export const sandboxResponse = 'Sandbox: written to the outbox folder, no mail server (SMTP_URL unset)';

function createFileTransport({ from, outboxDir, now }: MailTransportOptions): MailTransport {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `.eml files in ${outboxDir}`,
    async send(mail) {
      const info = await transporter.sendMail(nodemailerMessage(mail, from));
      const message = info.message;
      if (!Buffer.isBuffer(message)) throw new Error('nodemailer did not build the message into a buffer');
      await mkdir(outboxDir, { recursive: true });
      // Sortable by time; the id keeps a resent copy from overwriting the first.
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const file = join(outboxDir, `${stamp}-${mail.kind}-${mail.id}.eml`);
      // Written under a temporary name and renamed, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, message);
      await rename(`${file}.tmp`, file);
      return { response: sandboxResponse };
    },
    close() {
      transporter.close();
    },
  };
}

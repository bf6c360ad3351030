// A real SMTP server on 127.0.0.1 for e-mail tests (the smtp-server package),
// which parses what it receives with mailparser.
import { createServer } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailTransport, OutgoingMail } from '../services/email/transport.js';

export interface TestSmtpServer {
  port: number;
  url: string;
  messages: ParsedMail[];
  close(): Promise<void>;
}

export interface SmtpServerOptions {
  /**
   * How the server answers RCPT TO for an address: null accepts it; a reply
   * such as [550, '5.1.1 No such user here'] refuses it (5xx for good, 4xx for now).
   */
  refuse?: (address: string) => [code: number, text: string] | null;
}

/** Starts an SMTP server accepting any message (unless `refuse` says no); on `port`, or a free one. */
export async function startSmtpServer(port = 0, { refuse }: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refuse?.(address.address);
      if (!refusal) return callback();
      const error = new Error(refusal[1]) as Error & { responseCode: number };
      error.responseCode = refusal[0];
      return callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (taken from the OS, then released). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** A transport that keeps what it is given, optionally failing. */
export function recordingTransport(fail: (mail: OutgoingMail) => boolean = () => false) {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = {
    description: 'memory',
    send(mail) {
      if (fail(mail)) return Promise.reject(new Error('mail server said no'));
      sent.push(mail);
      return Promise.resolve({ response: '250 OK (memory)' });
    },
    close() {},
  };
  return { transport, sent };
}

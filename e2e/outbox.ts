// The e-mails the e2e server has sent: without SMTP it writes each one as an
// .eml file in its data directory (server-config.ts).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outboxDir } from './server-config';

/**
 * Every message of the outbox as readable text: quoted-printable soft line
 * breaks and escapes undone and folded headers joined, so codes and links
 * read whole.
 */
export async function outboxMessages(): Promise<string[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) =>
      (await readFile(join(outboxDir, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        .replace(/\r?\n[ \t]+/g, ' '),
    ),
  );
}

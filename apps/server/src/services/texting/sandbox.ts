// The sandbox texting provider (the default): each text becomes a .txt file
// under DATA_DIR/outbox beside the sandbox's .eml files, so a developer sees
// exactly what a guest would get, and tests read them back.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TextProvider } from './provider.js';

export interface SandboxTextOptions {
  outboxDir: string;
  /** The app's clock, for the time stamp that sorts the files. */
  now: () => Date;
}

/** What the sandbox says it did with a text: no phone was involved. */
export const sandboxTextDetail = 'Sandbox: written to the outbox folder, no provider (TWILIO_* unset)';

export function createSandboxTextProvider({ outboxDir, now }: SandboxTextOptions): TextProvider {
  return {
    name: 'sandbox',
    description: `.txt files in ${outboxDir}`,
    async send(text) {
      await mkdir(outboxDir, { recursive: true });
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const file = join(outboxDir, `${stamp}-sms-${text.kind}-${text.id}.txt`);
      await writeFile(`${file}.tmp`, `To: ${text.to}\nKind: ${text.kind}\n\n${text.body}\n`);
      await rename(`${file}.tmp`, file);
      return { id: `sandbox-${text.id}`, delivery: 'delivered', detail: sandboxTextDetail };
    },
    // No provider signs the sandbox's inbound texts; the route lets only loopback callers in.
    verifyInbound: () => true,
  };
}

// A child process that runs the server's TypeScript through tsx (the CLI, a
// second server, a scheduler killed mid-charge) compiles it with the server's
// tsconfig, wherever it is started: tsx applies a tsconfig only to the files
// it includes, and the repository root's includes none of the server's (whose
// e-mail templates need its JSX setting).
import { fileURLToPath } from 'node:url';

export const tsxEnv = { TSX_TSCONFIG_PATH: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) };

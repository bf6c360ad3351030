// The blank page the pages' paint times are measured against (ADR 011): React
// and one heading (bench/blank), built with the web app's own Vite, React
// plugin and Brotli/gzip precompression, then copied into the bench's copy of
// the built site (build.ts) so the production server sends it exactly as it
// sends the site: index.html from the same static handler, the script from
// /assets with its .br and .gz copies. It sits at an unlisted path.
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Vite from 'vite';
import { precompress } from '../../web/build/precompress.js';

/** Where the site serves the blank page. */
export const blankPagePath = '/bench-blank/index.html';

/** The page the blank page's link loads: a heading in static HTML, the least a loaded page can be. */
export const blankNextPagePath = '/bench-blank/next.html';

const nextPageHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Summit &amp; Shore | Next blank page</title>
  </head>
  <body>
    <h1>Next page</h1>
  </body>
</html>
`;

/** Every file of the blank page in the site's assets starts so; nothing of the site's does. */
const assetPrefix = 'bench-blank-';

const blankSource = fileURLToPath(new URL('./blank', import.meta.url));

/** The web app's own Vite and React plugin, as its `vite build` loads them. */
async function webToolchain(webRoot: string) {
  const require = createRequire(join(webRoot, 'package.json'));
  const vite = (await import(pathToFileURL(require.resolve('vite')).href)) as typeof Vite;
  const reactPlugin = (await import(pathToFileURL(require.resolve('@vitejs/plugin-react')).href)) as {
    default: () => Vite.PluginOption;
  };
  return { build: vite.build, react: reactPlugin.default };
}

/** Builds the blank page and puts it into `webDist` (the bench's copy of the build) at blankPagePath. */
export async function installBlankPage(webRoot: string, webDist: string): Promise<string> {
  const { build, react } = await webToolchain(webRoot);
  const outDir = await mkdtemp(join(tmpdir(), 'sas-bench-blank-'));
  try {
    await build({
      configFile: false,
      root: blankSource,
      logLevel: 'warn',
      plugins: [react(), precompress()],
      build: {
        outDir,
        emptyOutDir: true,
        sourcemap: false,
        rolldownOptions: {
          output: {
            entryFileNames: `assets/${assetPrefix}[hash].js`,
            chunkFileNames: `assets/${assetPrefix}[name]-[hash].js`,
            assetFileNames: `assets/${assetPrefix}[name]-[hash][extname]`,
          },
        },
      },
    });
    const assets = await readdir(join(outDir, 'assets'));
    const pageDir = join(webDist, blankPagePath.slice(1, blankPagePath.lastIndexOf('/')));
    await mkdir(pageDir, { recursive: true });
    await cp(join(outDir, 'index.html'), join(webDist, blankPagePath.slice(1)));
    await writeFile(join(webDist, blankNextPagePath.slice(1)), nextPageHtml);
    for (const file of assets) await cp(join(outDir, 'assets', file), join(webDist, 'assets', file));
    return blankPagePath;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

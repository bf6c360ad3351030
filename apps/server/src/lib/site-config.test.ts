import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.js';
import { cspHeaderValue } from '../security.js';
import { buildTestApp, createTempFiles, type TestApp } from '../test/helper.js';

let t: TestApp;
let webDist: string;

const indexHtml =
  '<!doctype html><html lang="en"><head><title>Summit &amp; Shore</title></head><body><div id="root"></div></body></html>';
const chatScript = 'https://chat.example.net/widget.js?site=sas';
const mapEmbed = 'https://www.openstreetmap.org/export/embed.html?bbox=-106.05,39.47,-106.04,39.49';

function directive(csp: unknown, name: string): string | undefined {
  return String(csp)
    .split(';')
    .find((part) => part.startsWith(`${name} `));
}

beforeAll(async () => {
  webDist = await createTempFiles({ 'index.html': indexHtml });
  t = await buildTestApp({ WEB_DIST: webDist }, { seed: false });
});

afterAll(async () => {
  await t?.close();
});

describe('runtime settings of the browser app', () => {
  it('renders nothing and keeps the strict policy when no chat or map is configured', async () => {
    const response = await t.app.inject({ url: '/about-us', headers: { accept: 'text/html' } });
    expect(response.body).not.toContain('id="site-config"');
    expect(response.headers['content-security-policy']).toBe(cspHeaderValue);
  });

  it('renders the chat script and map into every page and lets exactly their origins in', async () => {
    const { app } = await t.buildAnotherApp({
      WEB_DIST: webDist,
      CHAT_SCRIPT_URL: chatScript,
      MAP_EMBED_URL: mapEmbed,
    });
    for (const url of ['/', '/about-us', '/property/somewhere']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      const config = /<script type="application\/json" id="site-config">([^<]*)<\/script>/.exec(response.body);
      expect(JSON.parse(config?.[1] ?? 'null'), url).toEqual({ chatScriptUrl: chatScript, mapEmbedUrl: mapEmbed });
      const csp = response.headers['content-security-policy'];
      expect(directive(csp, 'script-src')).toBe("script-src 'self' https://chat.example.net");
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://chat.example.net wss://chat.example.net");
      expect(directive(csp, 'frame-src')).toContain('https://www.openstreetmap.org');
      expect(directive(csp, 'frame-src')).not.toContain('https://www.google.com');
    }
  });

  it('takes a map only from the allow-list, and a chat script only over https', () => {
    expect(() => loadEnv({ MAP_EMBED_URL: 'https://maps.evil.example/embed' })).toThrow(/MAP_EMBED_URL/);
    expect(() => loadEnv({ CHAT_SCRIPT_URL: 'http://chat.example.net/widget.js' })).toThrow(/CHAT_SCRIPT_URL/);
    expect(
      loadEnv({ MAP_EMBED_URL: `<iframe src="https://www.google.com/maps/embed?pb=x" width="600"></iframe>` })
        .MAP_EMBED_URL,
    ).toBe('https://www.google.com/maps/embed?pb=x');
  });
});

describe('/partnerwithus', () => {
  it('moves permanently to /about-us, keeping the query', async () => {
    const response = await t.app.inject({ url: '/partnerwithus?utm_source=card', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/about-us?utm_source=card');
  });
});

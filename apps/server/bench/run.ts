// `npm run bench`: how fast the production build is, measured, with budgets.
//   API    autocannon against the production server on loopback, each route
//          beside a baseline route of the same server answering fixed bytes.
//   Pages  Lighthouse (Debian Chromium, mobile and desktop presets).
//   Bundle gzip size of each route's first-load JavaScript and CSS.
// Prints one JSON report and a readable table; exits 1 when a budget is missed.
// `--smoke` runs everything briefly and does not enforce the budgets (for CI).
// `--only=api,pages,bundle` measures some parts, e.g. while tuning one of them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureApi, type ApiResult } from './api.js';
import { measureBundles, type BundleResult } from './bundle.js';
import { measurePages, type PageResult } from './pages.js';

const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const smoke = process.argv.includes('--smoke');
const parts = ['api', 'pages', 'bundle'] as const;
const onlyArg = process.argv.find((arg) => arg.startsWith('--only='));
const only = new Set(onlyArg ? onlyArg.slice('--only='.length).split(',') : parts);
const unknownParts = [...only].filter((part) => !(parts as readonly string[]).includes(part));
if (unknownParts.length > 0) throw new Error(`--only takes ${parts.join(', ')}; not ${unknownParts.join(', ')}`);

export const budgets = {
  mobilePerformance: 95,
  cls: 0.05,
  homeInitialJsGzipKb: 120,
  propertyDetailsBaselineRatio: 0.4,
};

async function waitForHealth(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The bench server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('The bench server did not become healthy within 180 s');
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${port}`, child);
  return child;
}

interface Check {
  name: string;
  value: number;
  budget: string;
  ok: boolean;
}

function checkBudgets(api: ApiResult[], pages: PageResult[], bundles: BundleResult[]): Check[] {
  const checks: Check[] = [];
  for (const page of pages.filter((p) => p.preset === 'mobile')) {
    checks.push({
      name: `${page.name} mobile performance`,
      value: page.performance,
      budget: `>= ${budgets.mobilePerformance}`,
      ok: page.performance >= budgets.mobilePerformance,
    });
  }
  for (const page of pages) {
    checks.push({
      name: `${page.name} ${page.preset} CLS`,
      value: page.cls,
      budget: `< ${budgets.cls}`,
      ok: page.cls < budgets.cls,
    });
  }
  const home = bundles.find((b) => b.route === '/');
  if (home) {
    checks.push({
      name: 'home initial JS (kB gzip)',
      value: home.jsGzipKb,
      budget: `< ${budgets.homeInitialJsGzipKb}`,
      ok: home.jsGzipKb < budgets.homeInitialJsGzipKb,
    });
  }
  const details = api.find((a) => a.name === 'property details');
  if (details) {
    checks.push({
      name: 'property details req/s vs baseline',
      value: details.ratioToBaseline,
      budget: `>= ${budgets.propertyDetailsBaselineRatio}`,
      ok: details.ratioToBaseline >= budgets.propertyDetailsBaselineRatio,
    });
  }
  return checks;
}

async function main(): Promise<void> {
  const port = Number(process.env.BENCH_PORT ?? 3200);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'sas-bench-'));
  const server = await startServer(port, dataDir);
  try {
    const bundles = only.has('bundle') ? await measureBundles(join(repoRoot, 'apps/web/dist')) : [];
    const api = only.has('api') ? await measureApi(origin, { seconds: smoke ? 2 : 10, connections: 10 }) : [];
    const pages = only.has('pages')
      ? await measurePages(origin, { presets: smoke ? ['mobile'] : ['mobile', 'desktop'], runs: smoke ? 1 : 3 })
      : [];
    const checks = checkBudgets(api, pages, bundles);
    const report = { smoke, budgets, api, pages, bundles, checks };
    console.info(JSON.stringify(report, null, 2));
    console.info('\nAPI (autocannon, loopback)');
    console.table(
      api.map((a) => ({
        route: a.name,
        'req/s': a.requestsPerSecond,
        'p50 ms': a.p50,
        'p99 ms': a.p99,
        errors: a.errors,
        'x baseline': a.ratioToBaseline,
      })),
    );
    console.info('Pages (Lighthouse)');
    console.table(
      pages.map((p) => ({
        page: p.name,
        preset: p.preset,
        perf: p.performance,
        'perf runs': p.runs?.join(' ') ?? '',
        a11y: p.accessibility,
        'best pr.': p.bestPractices,
        seo: p.seo,
        'LCP ms': p.lcpMs,
        CLS: p.cls,
        'TBT ms': p.tbtMs,
        'JS kB': p.jsKb,
        'img kB': p.imageKb,
      })),
    );
    console.info('Bundles (first load, gzip)');
    console.table(bundles.map((b) => ({ route: b.route, 'JS kB': b.jsGzipKb, 'CSS kB': b.cssGzipKb })));
    console.info('Budgets');
    console.table(checks.map((c) => ({ check: c.name, value: c.value, budget: c.budget, ok: c.ok ? 'yes' : 'NO' })));
    const missed = checks.filter((c) => !c.ok);
    if (missed.length > 0 && !smoke) {
      console.error(`${missed.length} budget(s) missed: ${missed.map((c) => c.name).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

// Lighthouse on /login and /dashboard (signed in as the demo leader of `npm run seed:demo`, 3,000
// partners), desktop and mobile presets, median of N runs, against the built app in local
// Chromium (it cannot download a browser).
//
//   npm run build && node bench/lighthouse.mjs            # seeds the demo into a temporary folder,
//                                                         # starts the built server on BENCH_PORT
//   BASE_URL=http://localhost:3000 node bench/lighthouse.mjs   # or audits one already running
//                                                              # (with the demo seeded)
//
// Settings: BENCH_PORT (default 3183), RUNS (default 5), CHROMIUM_PATH (default /usr/bin/chromium),
// DATA_DIR (a folder the demo is already seeded in; default: a new one, seeded first),
// PAGES (default /login,/dashboard), PRESETS (default mobile,desktop), CACHE (default warm: the
// browser's HTTP cache is kept between runs, as for a returning visitor; `cold` clears it before
// each run, as for a first visit).
// The figures and the command are reported in docs/web-performance.md.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const RUNS = Number(process.env.RUNS ?? 5);
const PAGES = (process.env.PAGES ?? '/login,/dashboard').split(',');
const PRESETS = (process.env.PRESETS ?? 'mobile,desktop').split(',');
const COLD = process.env.CACHE === 'cold';
const PORT = Number(process.env.BENCH_PORT ?? 3183);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The demo partner of apps/server/src/dev/demo.ts.
const DEMO = { email: 'demo@example.com', password: 'demo-password-1' };

/** A folder with the demo company: DATA_DIR as given, else a new one seeded by `seed:demo`'s script. */
function demoDataDir() {
  if (process.env.DATA_DIR) return process.env.DATA_DIR;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  const seeded = spawnSync(process.execPath, ['apps/server/dist/dev/seed-demo.js'], {
    env: { ...process.env, DATA_DIR: dataDir, DEV_CHAIN: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('seeding the demo failed (run `npm run build` first)');
  return dataDir;
}

async function startServer() {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEV_CHAIN: 'true',
      DATA_DIR: demoDataDir(),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://localhost:${PORT}`;
  for (let tries = 0; tries < 300; tries++) {
    const ready = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { base, stop: () => child.kill('SIGTERM') };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start (run `npm run build` first)');
}

async function signIn(base) {
  const response = await fetch(`${base}/api/v1/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok)
    throw new Error(
      `sign-in failed: ${response.status} (seed the demo into BASE_URL's server: npm run seed:demo)`,
    );
  return (await response.json()).token;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(chrome, url, preset, token) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    // The session lives in local storage (apps/web/src/lib/session.ts): set it on the origin first.
    await page.goto(new URL('/api/health', url).href);
    await page.evaluate((value) => {
      if (value) localStorage.setItem('token', value);
      else localStorage.removeItem('token');
    }, token);
    // Lighthouse's own storage reset is off to keep the session in local storage, so the HTTP
    // cache stays from run to run (a partner's next visit: the measure of the figures).
    // CACHE=cold clears it before each run: every script downloaded, as on a first visit.
    if (COLD) await (await page.createCDPSession()).send('Network.clearBrowserCache');
    const flags = {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined, page);
    const { lhr } = result;
    await page.close();
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await browser.disconnect();
  }
}

const server = process.env.BASE_URL ? { base: process.env.BASE_URL, stop: () => {} } : await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const token = await signIn(server.base);
  const rows = [];
  for (const path of PAGES) {
    const signedIn = path !== '/login';
    for (const preset of PRESETS) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        runs.push(await audit(chrome, `${server.base}${path}`, preset, signedIn ? token : null));
      }
      const landed = new URL(runs[0].finalUrl).pathname;
      if (landed !== path) throw new Error(`${path} ended at ${landed}: the session was not taken`);
      rows.push({
        page: path,
        preset,
        score: median(runs.map((r) => r.score)),
        'FCP ms': Math.round(median(runs.map((r) => r.fcp))),
        'LCP ms': Math.round(median(runs.map((r) => r.lcp))),
        'TBT ms': Math.round(median(runs.map((r) => r.tbt))),
        CLS: median(runs.map((r) => r.cls)).toFixed(3),
        runs: runs.map((r) => r.score).join(' '),
      });
      console.log(JSON.stringify(rows.at(-1)));
    }
  }
  console.log(`\nLighthouse performance, median of ${RUNS} (${server.base}):`);
  console.table(rows);
} finally {
  await chrome.kill();
  server.stop();
}

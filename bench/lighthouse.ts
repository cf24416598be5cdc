/** Lighthouse (mobile profile, default simulated throttling) on Debian's Chromium, median of N runs. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export interface PageTarget {
  label: string;
  path: string;
  /** localStorage entries to put in place before the run (e.g. a filled cart). */
  localStorage?: Record<string, string>;
}

export interface PageFigures {
  label: string;
  path: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: { html: number; css: number; js: number; images: number };
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

function figuresOf(target: PageTarget, lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): PageFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []);
  const bytesOf = (type: string) =>
    items.filter((item) => item.resourceType === type).reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    label: target.label,
    path: target.path,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: metric('largest-contentful-paint'),
    fcpMs: metric('first-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    bytes: { html: bytesOf('Document'), css: bytesOf('Stylesheet'), js: bytesOf('Script'), images: bytesOf('Image') },
  };
}

function medianFigures(runs: PageFigures[]): PageFigures {
  const first = runs[0]!;
  const pick = (get: (run: PageFigures) => number) => median(runs.map(get));
  return {
    label: first.label,
    path: first.path,
    scores: {
      performance: pick((run) => run.scores.performance),
      accessibility: pick((run) => run.scores.accessibility),
      bestPractices: pick((run) => run.scores.bestPractices),
      seo: pick((run) => run.scores.seo),
    },
    lcpMs: pick((run) => run.lcpMs),
    fcpMs: pick((run) => run.fcpMs),
    tbtMs: pick((run) => run.tbtMs),
    cls: pick((run) => run.cls),
    bytes: {
      html: pick((run) => run.bytes.html),
      css: pick((run) => run.bytes.css),
      js: pick((run) => run.bytes.js),
      images: pick((run) => run.bytes.images),
    },
  };
}

/** With `reportDir`, each run's full Lighthouse report and artifacts are kept there (<label>-<run>.json, .artifacts.json) to find what sets a figure. */
export async function measurePages(origin: string, targets: PageTarget[], runs = 3, reportDir?: string): Promise<PageFigures[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    // The first page a freshly started headless Chromium loads holds its first paint ~1.1 s after the
    // page has loaded (seen on every kind of page: the privacy policy painted at 1.28 s in its first
    // run, 0.15-0.17 s after). A phone's browser is running when the mail link is tapped: one run
    // is made and not counted.
    const first = targets[0];
    if (first) await lighthouse(`${origin}${first.path}`, { port: chrome.port, logLevel: 'error', output: 'json', formFactor: 'mobile' });
    const results: PageFigures[] = [];
    for (const target of targets) {
      const perRun: PageFigures[] = [];
      for (let run = 0; run < runs; run += 1) {
        if (target.localStorage) {
          const page = await browser.newPage();
          // Storage is kept for this run, so the HTTP cache would be too: empty it for a first visit.
          await (await page.createCDPSession()).send('Network.clearBrowserCache');
          await page.goto(`${origin}/robots.txt`);
          await page.evaluate((entries) => {
            for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
          }, target.localStorage);
          await page.close();
        }
        const result = await lighthouse(`${origin}${target.path}`, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          formFactor: 'mobile',
          disableStorageReset: Boolean(target.localStorage),
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
        if (reportDir) {
          const name = `${target.label.replace(/\W+/g, '-')}-${run + 1}`;
          await writeFile(path.join(reportDir, `${name}.json`), JSON.stringify(result.lhr));
          // The trace and the network log: which main-thread task or request a simulated figure waited on (bench/lantern-path.ts).
          await writeFile(path.join(reportDir, `${name}.artifacts.json`), JSON.stringify(result.artifacts));
        }
        perRun.push(figuresOf(target, result.lhr));
      }
      results.push(medianFigures(perRun));
    }
    await browser.disconnect();
    return results;
  } finally {
    chrome.kill();
  }
}

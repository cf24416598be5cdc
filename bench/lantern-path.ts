/**
 * What a Lighthouse figure waited on, from a run kept by `npm run bench -- --reports`:
 * `npx tsx bench/lantern-path.ts bench/results/lighthouse/Order-signed-in--1.artifacts.json`.
 * Prints the simulated (slow 4G, 4x CPU) timeline behind FCP and LCP, each request with what it waited
 * for, and the main-thread tasks that count towards TBT (over 50 ms once slowed).
 */
import { readFileSync } from 'node:fs';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import * as constants from 'lighthouse/core/config/constants.js';

interface GraphNode {
  type: 'network' | 'cpu';
  request?: { url: string; resourceType?: string };
  childEvents?: { name: string; dur?: number }[];
  getDependencies(): GraphNode[];
}
type Timings = Map<GraphNode, { startTime: number; endTime: number; duration: number }>;
interface Estimate {
  timeInMs: number;
  nodeTimings: Timings;
}

const file = process.argv[2];
if (!file) throw new Error('usage: tsx bench/lantern-path.ts <label>-<run>.artifacts.json');
const artifacts = JSON.parse(readFileSync(file, 'utf8'));
const settings = { ...constants.defaultSettings, formFactor: 'mobile', throttlingMethod: 'simulate', throttling: constants.throttling.mobileSlow4G };
const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings,
  simulator: null,
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps,
  HostDPR: artifacts.HostDPR,
};
const context = { computedCache: new Map(), settings };
// Lighthouse's computed artifacts are typed for its own gatherers; this reads them as they come.
const request = (metric: unknown) => (metric as { request(data: unknown, context: unknown): Promise<Record<string, Estimate>> }).request(data, context);

const name = (node: GraphNode) => (node.type === 'network' ? (node.request!.url.split('/').pop() ?? '').slice(0, 60) : 'main-thread task');
const busiest = (node: GraphNode) => {
  const totals = new Map<string, number>();
  for (const event of node.childEvents ?? []) if ((event.dur ?? 0) > 1000) totals.set(event.name, (totals.get(event.name) ?? 0) + event.dur! / 1000);
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([event, ms]) => `${event} ${ms.toFixed(1)}`).join('; ');
};

const fcp = await request(LanternFirstContentfulPaint);
const lcp = await request(LanternLargestContentfulPaint);
const tbt = await request(LanternTotalBlockingTime);
for (const [metric, estimates] of [['FCP', fcp], ['LCP', lcp], ['TBT', tbt]] as const) {
  for (const which of ['optimisticEstimate', 'pessimisticEstimate']) {
    const estimate = estimates[which]!;
    console.log(`${metric} ${which}: ${Math.round(estimate.timeInMs)} ms`);
    for (const [node, timing] of [...estimate.nodeTimings].sort((a, b) => a[1].endTime - b[1].endTime)) {
      if (metric === 'TBT' && (node.type !== 'cpu' || timing.duration < 50)) continue;
      const waited = node.getDependencies().map(name).join(', ');
      const what = node.type === 'network' ? `${node.request!.resourceType ?? ''} ${name(node)}` : `task ${Math.round(timing.duration)} ms: ${busiest(node)}`;
      console.log(`  ${String(Math.round(timing.startTime)).padStart(5)} ${String(Math.round(timing.endTime)).padStart(5)}  ${what}${metric === 'TBT' ? '' : `  <- ${waited}`}`);
    }
  }
}

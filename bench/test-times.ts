import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** What scripts/test-times.sh writes after a test command in which every test passed. */
const timingSchema = z.object({
  command: z.string(),
  finishedAt: z.string(),
  ci: z.boolean(),
  cores: z.number(),
  totalSeconds: z.number(),
  steps: z.record(z.string(), z.number()),
});
export type TestTiming = z.infer<typeof timingSchema>;

/** Issue 26's targets: the whole suite on a clean clone of this machine kind, and the tests one change touches. */
const TARGETS = [
  { file: 'test-times.json', label: 'npm test', targetMinutes: 12 },
  { file: 'test-changed-times.json', label: 'npm run test:changed', targetMinutes: 3 },
] as const;

function readTiming(file: string): TestTiming | null {
  try {
    return timingSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

/** The last passing run of each test command (the test scripts time themselves), beside its target. */
export function testTimes(resultsDir: string): Record<string, TestTiming | null> {
  return Object.fromEntries(TARGETS.map(({ file, label }) => [label, readTiming(path.join(resultsDir, file))]));
}

export function printTestTimes(times: Record<string, TestTiming | null>): void {
  console.log('\nTest time, the last run in which every test passed (targets: npm test <= 12 min on a clean clone of this machine kind, npm run test:changed <= 3 min)');
  for (const { label, targetMinutes } of TARGETS) {
    const timing = times[label];
    if (!timing) {
      console.log(`  ${label.padEnd(22)} no passing run recorded here yet: run it, then the bench again`);
      continue;
    }
    const minutes = timing.totalSeconds / 60;
    const steps = Object.entries(timing.steps)
      .map(([step, seconds]) => `${step} ${(seconds / 60).toFixed(1)}`)
      .join(', ');
    console.log(
      `  ${label.padEnd(22)} ${minutes.toFixed(1)} min ${minutes <= targetMinutes ? 'met' : 'MISSED'} (${steps} min; ${timing.command}, ${timing.finishedAt}, ` +
        `${timing.ci ? 'CI=true' : 'not CI'}, ${timing.cores} cores)`,
    );
  }
}

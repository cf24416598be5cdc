import { layout } from '../domain/strings/english/layout';
import { fill } from '../domain/strings/format';

/** Facts about the shop that more than one page or component prints. */
export const SITE_NAME = 'MediKart';

const lastUpdatedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** 'Last updated: July 31, 2025'; front matter dates are calendar dates, read in UTC. */
export function lastUpdatedText(date: Date): string {
  return fill(layout.lastUpdated, { date: lastUpdatedFormat.format(date) });
}

/** Facts about the shop that more than one page or component prints. */
export const SITE_NAME = 'MediKart';
export const LAUNCH_CITY = 'Bengaluru';
export const COPYRIGHT_LINE = '© 2025 MediKart. All rights reserved.';

/** The footer's last link, after the policy pages (which come from content/policies). */
export const CONTACT_LINK = { href: '/contact-us', label: 'Contact Us' } as const;

const lastUpdatedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** 'Last updated: July 31, 2025'; front matter dates are calendar dates, read in UTC. */
export function lastUpdatedText(date: Date): string {
  return `Last updated: ${lastUpdatedFormat.format(date)}`;
}

import { z } from 'zod';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date written YYYY-MM-DD, as a Date at midnight UTC. YAML reads an unquoted
 * 2025-07-31 as that Date already; any other spelling ("July 31, 2025", "31/07/2025") is refused,
 * because JavaScript would read it in the build machine's time zone and a build in India would
 * print the day before.
 */
export const calendarDate = z.union([z.date(), z.string()]).transform((value, ctx) => {
  const text = value instanceof Date ? (Number.isNaN(value.getTime()) ? '' : value.toISOString().replace(/T00:00:00\.000Z$/, '')) : value.trim();
  const parts = CALENDAR_DATE.exec(text);
  const date = parts ? new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]))) : null;
  if (!parts || !date || date.getUTCDate() !== Number(parts[3]) || date.getUTCMonth() !== Number(parts[2]) - 1) {
    ctx.addIssue({ code: 'custom', message: `must be a date written as YYYY-MM-DD, for example 2025-07-31 (got ${JSON.stringify(value instanceof Date ? value.toISOString() : value)})` });
    return z.NEVER;
  }
  return date;
});

/** The front matter of a policy page in content/policies. */
export const policyFrontMatterSchema = z.object({
  title: z.string({ error: 'title must be the page heading, as text' }).min(1, 'title must not be empty'),
  description: z.string({ error: 'description must be one sentence for search results, as text' }).min(1, 'description must not be empty'),
  lastUpdated: calendarDate,
  /** Place of the page's link in the footer: 1 comes first. */
  order: z.number({ error: 'order must be a whole number: the place of the link in the footer (1 comes first)' }).int('order must be a whole number').positive('order must be 1 or more'),
});
export type PolicyFrontMatter = z.output<typeof policyFrontMatterSchema>;

/**
 * A front matter's problems as `npm run check:content` prints them and the content editor at /admin
 * shows them under the field: one sentence per issue, starting with the field's name.
 */
export function frontMatterProblems(issues: readonly z.core.$ZodIssue[]): { field: string | undefined; message: string }[] {
  return issues.map((issue) => {
    const field = issue.path[0] === undefined ? undefined : String(issue.path[0]);
    const message = issue.code === 'invalid_type' && issue.input === undefined ? `${field} is missing: ${issue.message}` : issue.message;
    return { field, message: field === undefined || message.startsWith(field) ? message : `${field} ${message}` };
  });
}

import type { z } from 'zod';

/*
 * A catalogue record's problems in the words `npm run check:catalogue` prints them and the content
 * editor at /admin shows under the field: one sentence per problem, led by the field's path.
 */

export const showValue = (value: unknown) => (value === undefined ? 'missing' : JSON.stringify(value));

function fieldPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((text, segment) => (typeof segment === 'number' ? `${text}[${segment}]` : text ? `${text}.${String(segment)}` : String(segment)), '');
}

function valueAt(raw: unknown, segments: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

/** What the field expects, from the schema's complaint. */
function expectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `is not ${issue.expected === 'null' ? 'empty (null)' : `a ${issue.expected}`}`;
    case 'invalid_value':
      return `is not one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'too_small':
      return issue.origin === 'string' ? 'must not be empty' : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    case 'invalid_format':
      return `is not a valid ${issue.format}`;
    case 'invalid_union': {
      const branches = issue.errors.flat();
      // Booleans may be written as booleans or as text.
      if (branches.some((branch) => branch.code === 'invalid_type' && branch.expected === 'boolean')) return 'is not one of true, false, "true", "false"';
      const expected = [...new Set(branches.flatMap((branch) => (branch.code === 'invalid_type' ? [branch.expected] : [])))];
      return expected.length > 0 ? `is not ${expected.map((type) => `a ${type}`).join(' or ')}` : `is not valid: ${branches.map((branch) => branch.message).join('; ')}`;
    }
    default:
      return `is not valid: ${issue.message}`;
  }
}

export interface RecordProblem {
  /** The field's path as the sentence names it, e.g. `upm_product_details.description`; '' for the record. */
  path: string;
  message: string;
}

/** One sentence per issue of catalogueRecordSchema, naming the field and the value it holds. */
export function recordProblems(raw: unknown, issues: readonly z.core.$ZodIssue[]): RecordProblem[] {
  return issues.map((issue) => {
    const value = valueAt(raw, issue.path);
    const problem = value === undefined ? `missing; it ${expectation(issue).replace(/^is not /, 'must be ')}` : `${showValue(value)} ${expectation(issue)}`;
    const path = fieldPath(issue.path);
    return { path, message: `${path || '(the record)'}: ${problem}` };
  });
}

import type { z } from 'zod';
import { deliveryContentSchema } from '../../domain/delivery-content';
import { frontMatterProblems, policyFrontMatterSchema } from '../../lib/policy-front-matter';
import { campaignFrontMatterSchema, catalogueRecordSchema, recordProblems } from '../catalogue/public-content-editor';

/**
 * The checks behind every form at /admin: the schemas the build and `npm run check:content` run,
 * and their sentences, so an editor is refused in the form with the words the check would print.
 */

export type EditorCollection = 'policies' | 'products' | 'campaigns' | 'delivery';

export interface ContentProblem {
  /** The field's dotted path (`upm_product_details.mrp`, `zones.0.pinCodes.1`); '' for the whole file. */
  path: string;
  message: string;
}

const dotted = (segments: readonly PropertyKey[]) => segments.map(String).join('.');

function issuesOf(schema: z.ZodType, data: unknown): readonly z.core.$ZodIssue[] {
  const parsed = schema.safeParse(data);
  return parsed.success ? [] : parsed.error.issues;
}

/** Markdown front matter as the editor holds it: the page's text is under `body`, not in the front matter. */
function frontMatter(data: Record<string, unknown>): Record<string, unknown> {
  const { body: _body, ...rest } = data;
  return rest;
}

/**
 * An offer's choices the editor left empty: the form saves them as nothing at all
 * (omit_empty_optional_fields), so an empty category is not a second choice.
 */
function withoutEmptyChoices(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== '' && value !== null && !(Array.isArray(value) && value.length === 0)));
}

/** Every problem of an entry, each with the field it belongs to. */
export function contentProblems(collection: EditorCollection, data: Record<string, unknown>): ContentProblem[] {
  switch (collection) {
    case 'policies':
      return frontMatterProblems(issuesOf(policyFrontMatterSchema, frontMatter(data))).map(({ field, message }) => ({ path: field ?? '', message }));
    case 'campaigns':
      return frontMatterProblems(issuesOf(campaignFrontMatterSchema, withoutEmptyChoices(frontMatter(data)))).map(({ field, message }) => ({ path: field ?? '', message }));
    case 'products': {
      const issues = issuesOf(catalogueRecordSchema, data);
      return recordProblems(data, issues).map((problem, index) => ({ path: dotted(issues[index]!.path), message: problem.message }));
    }
    case 'delivery':
      // parseDeliveryContent's words: the field's path, then the schema's sentence.
      return issuesOf(deliveryContentSchema, data).map((issue) => ({ path: dotted(issue.path), message: `${dotted(issue.path) || '(file)'}: ${issue.message}` }));
  }
}

/** The problems of one field and of everything inside it (a zone's PIN codes belong to `zones`). */
export function fieldProblems(collection: EditorCollection, data: Record<string, unknown>, path: string): string[] {
  return contentProblems(collection, data)
    .filter((problem) => problem.path === path || problem.path.startsWith(`${path}.`))
    .map((problem) => problem.message);
}

import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { policyFrontMatterSchema } from './lib/policy-front-matter';

/** npm run check:content checks the same front matter with line numbers, before a build. */
const policies = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/policies' }),
  schema: policyFrontMatterSchema,
});

export const collections = { policies };

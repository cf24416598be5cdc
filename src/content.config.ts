import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { policyFrontMatterSchema } from './lib/policy-front-matter';
import { campaignFrontMatterSchema } from './features/catalogue/campaign';

/** npm run check:content checks the same front matter with line numbers, before a build. POLICIES_DIR swaps in another folder (the content editor's test edits a copy). */
const policies = defineCollection({
  loader: glob({ pattern: '*.md', base: process.env.POLICIES_DIR ?? './content/policies' }),
  schema: policyFrontMatterSchema,
});

/** Policies in other languages than English: content/policies/<code>/<the English file's name>.md, id '<code>/<name>'. */
const policyTranslations = defineCollection({
  loader: glob({ pattern: '*/*.md', base: process.env.POLICIES_DIR ?? './content/policies' }),
  schema: policyFrontMatterSchema,
});

/** Marketing offers, /offers/<slug>; CAMPAIGNS_DIR swaps in the tests' fixture offers. */
const campaigns = defineCollection({
  loader: glob({ pattern: '*.md', base: process.env.CAMPAIGNS_DIR ?? './content/campaigns' }),
  schema: campaignFrontMatterSchema,
});

export const collections = { policies, policyTranslations, campaigns };

import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { CATALOGUE_DIRECTORY } from './features/catalogue/catalogue-directory';

/**
 * Catalogue records carry no Astro schema on purpose: src/features/catalogue/catalogue.ts runs
 * them through buildCatalogue, whose errors name the record's file and the offending field.
 */
const catalogue = defineCollection({
  loader: glob({ pattern: '*.json', base: CATALOGUE_DIRECTORY }),
});

const policies = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/policies' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    lastUpdated: z.coerce.date(),
  }),
});

export const collections = { catalogue, policies };

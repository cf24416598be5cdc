import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const policies = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/policies' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    lastUpdated: z.coerce.date(),
  }),
});

export const collections = { policies };

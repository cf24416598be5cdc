import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates on the first pointer, key or focus interaction with the island (hydrate-on-interaction.ts). */
    'client:interact'?: boolean;
  }
}

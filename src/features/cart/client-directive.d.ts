import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrates on the first pointer, key or focus interaction with the island, or with "page" on the
     * first sign of the customer anywhere on the page (hydrate-on-interaction.ts).
     */
    'client:interact'?: boolean | 'page';
  }
}

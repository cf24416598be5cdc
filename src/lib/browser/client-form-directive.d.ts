import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * A form drawn by the build that works before React: hydrates on the first pointer, key or focus in
     * it, doing again what was pressed before; given a localStorage key, at once when the browser holds
     * it (hydrate-form-on-interaction.ts).
     */
    'client:form'?: boolean | string;
  }
}

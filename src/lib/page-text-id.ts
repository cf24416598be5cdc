/** The id of the JSON element a page in another language than the default carries its browser code's text in (components/PageText.astro, lib/browser/page-text.ts). */
export const PAGE_TEXT_ID = 'page-text';

/**
 * What the content editor at /admin checks a product and an offer with, in check:content's words.
 * Apart from public.ts so the desk's bundle (which imports the search from there) does not carry them.
 */
export { catalogueRecordSchema } from './catalogue-record';
export { recordProblems } from './record-problems';
export { campaignFrontMatterSchema } from './campaign';

import type { EditorCollection } from './content-checks';

/**
 * The content editor's collections: the same files in content/ the build reads, field by field.
 * Decap CMS's config, written here rather than in a config.yml so the field names the checks
 * name (`check`) sit beside the fields they check.
 */

/** Where the editor saves: the local proxy (decap-server) on this machine, or a Git host in production. */
export interface EditorBackend {
  name: 'github' | 'git-gateway';
  repo?: string;
  branch: string;
  base_url?: string;
}

/** The port `npm start` and `npm run dev` run Decap's local proxy on (decap-server's own default). */
export const LOCAL_EDITOR_BACKEND_PORT = 8081;
export const LOCAL_EDITOR_BACKEND_URL = `http://127.0.0.1:${LOCAL_EDITOR_BACKEND_PORT}/api/v1`;

/** A field of the form; `check` names the field's path for the checks (content-checks.ts). */
interface Field {
  label: string;
  name: string;
  widget: string;
  hint?: string;
  required?: boolean;
  check?: string;
  value_type?: 'int' | 'float';
  fields?: Field[];
  field?: Field;
  summary?: string;
  buttons?: string[];
  media_folder?: string;
  public_folder?: string;
}

/** A checked field: the widget draws the built-in one and refuses what the content check refuses. */
const checked = (widget: 'string' | 'text' | 'number' | 'list', label: string, name: string, extra: Partial<Field> & { path?: string } = {}): Field => {
  const { path, ...rest } = extra;
  return { label, name, widget: `checked-${widget}`, check: path ?? name, ...rest };
};

const policyFields: Field[] = [
  checked('string', 'Title (heading and footer link)', 'title'),
  checked('string', 'Description (one sentence for search results)', 'description'),
  checked('string', 'Last updated', 'lastUpdated', { hint: 'Written YYYY-MM-DD, for example 2025-07-31.' }),
  checked('number', 'Place in the footer (1 comes first)', 'order', { value_type: 'int' }),
  { label: 'Text', name: 'body', widget: 'markdown', buttons: ['bold', 'italic', 'link', 'heading-two', 'heading-three', 'bulleted-list', 'numbered-list'] },
];

const productFields: Field[] = [
  checked('string', 'Product name (its web address comes from it)', 'product_name'),
  checked('string', 'MRP (₹, for example 34.50)', 'mrp'),
  checked('string', 'Selling price (₹; charged when below the MRP)', 'current_price'),
  checked('string', 'Pack (for example strip of 10 tablets)', 'packing_information'),
  checked('string', 'Salt composition', 'salt_composition'),
  {
    label: 'Product page',
    name: 'upm_product_details',
    widget: 'object',
    fields: [
      checked('text', 'Description', 'description', { path: 'upm_product_details.description' }),
      { label: 'How it works', name: 'how_it_works', widget: 'text', required: false },
      { label: 'Side effects', name: 'side_effects', widget: 'text', required: false },
      { label: 'If a dose is missed', name: 'missed_dosage', widget: 'text', required: false },
      checked('string', 'Storage', 'storage', { path: 'upm_product_details.storage' }),
    ],
  },
  { label: 'Photo for lists (optional; the first product image otherwise)', name: 'thumbnail_url', widget: 'image', required: false },
];

const campaignFields: Field[] = [
  checked('string', 'Title', 'title'),
  checked('string', 'Description (one sentence for search results and share previews)', 'description'),
  { label: 'Picture (shown 2:1)', name: 'hero', widget: 'image' },
  checked('string', 'What the picture shows', 'heroAlt'),
  checked('string', 'Starts (YYYY-MM-DD, a day in India)', 'start'),
  checked('string', 'Ends (YYYY-MM-DD, included)', 'end'),
  checked('list', 'Products (ids; or leave empty and give one of the next three)', 'products', { required: false, field: { label: 'Product id', name: 'id', widget: 'number', value_type: 'int' } }),
  checked('string', 'Or a category', 'category', { required: false }),
  checked('string', 'Or a condition', 'condition', { required: false }),
  checked('string', 'Or the words every product must hold', 'search', { required: false }),
  checked('string', 'Coupon code shown on the offer (optional; marketing makes it at /desk/coupons)', 'coupon', { required: false }),
  { label: 'The offer’s story', name: 'body', widget: 'markdown' },
];

const deliveryFields: Field[] = [
  checked('number', 'Cash on delivery limit (paise: 500000 is ₹5,000)', 'codLimitPaise', { value_type: 'int' }),
  checked('list', 'Days with no delivery (YYYY-MM-DD)', 'nonDeliveryDates', { required: false, field: { label: 'Date', name: 'date', widget: 'string' } }),
  checked('list', 'Zones', 'zones', {
    summary: '{{fields.name}}',
    fields: [
      { label: 'Id (lowercase-with-dashes)', name: 'id', widget: 'string' },
      { label: 'Name', name: 'name', widget: 'string' },
      { label: 'Delivery in business days', name: 'deliveryBusinessDays', widget: 'number', value_type: 'int' },
      { label: 'Cash on delivery', name: 'codAllowed', widget: 'boolean' },
      { label: 'PIN codes ("560001" or a range "560001-560110")', name: 'pinCodes', widget: 'list', field: { label: 'PIN code or range', name: 'pinCode', widget: 'string' } },
    ],
  }),
  // PIN codes no zone claims go by courier when a courier provider is set up (docs/going-live.md, 9b).
  {
    label: 'Courier delivery (PIN codes outside the zones)',
    name: 'courier',
    widget: 'object',
    required: false,
    fields: [
      { label: 'Packing time in business days', name: 'packingBusinessDays', widget: 'number', value_type: 'int' },
      { label: 'Courier rule: cheapest, fastest or preferred', name: 'rule', widget: 'string' },
      { label: 'Preferred courier (its name as the provider lists it; for the "preferred" rule)', name: 'preferredCourier', widget: 'string', required: false },
      { label: 'Parcel weight the check quotes for (grams)', name: 'parcelGrams', widget: 'number', value_type: 'int' },
    ],
  },
];

export const EDITOR_COLLECTIONS: Record<EditorCollection, object> = {
  policies: {
    name: 'policies',
    label: 'Policy pages',
    label_singular: 'Policy page',
    folder: 'content/policies',
    extension: 'md',
    format: 'frontmatter',
    create: true,
    // Named, since Decap infers an entry's title only from a field of its plain `string` widget and
    // logs an error for every entry it cannot (ours is `checked-string`).
    identifier_field: 'title',
    slug: '{{slug}}',
    preview_path: '{{slug}}',
    fields: policyFields,
  },
  products: {
    name: 'products',
    label: 'Products',
    label_singular: 'Product',
    folder: 'content/catalogue',
    extension: 'json',
    format: 'json',
    // A new product needs the feed's fifty fields: copy a record file (see the README).
    create: false,
    identifier_field: 'product_name',
    summary: '{{product_name}} (id {{id}})',
    media_folder: '/public/images/products',
    public_folder: '/images/products',
    fields: productFields,
  },
  campaigns: {
    name: 'campaigns',
    label: 'Offers',
    label_singular: 'Offer',
    folder: 'content/campaigns',
    extension: 'md',
    format: 'frontmatter',
    create: true,
    identifier_field: 'title',
    slug: '{{slug}}',
    preview_path: 'offers/{{slug}}',
    media_folder: '/public/images/campaigns',
    public_folder: '/images/campaigns',
    fields: campaignFields,
  },
  delivery: {
    name: 'delivery',
    label: 'Delivery',
    files: [{ name: 'delivery', label: 'Delivery zones and dates', file: 'content/delivery/delivery.json', fields: deliveryFields }],
  },
};

/**
 * The policy pages in another language (content/policies/<code>/, the English file's name), each
 * language its own collection beside the English one: 'policies_hi'.
 */
export const translatedPolicies = (code: string): object => ({
  ...EDITOR_COLLECTIONS.policies,
  name: `policies_${code}`,
  label: `Policy pages (${code})`,
  label_singular: `Policy page (${code})`,
  folder: `content/policies/${code}`,
  preview_path: `${code}/{{slug}}`,
});

/** The content checks' collection for an editor collection's name ('policies_hi' is checked as 'policies'). */
export const checkedCollectionOf = (name: string): EditorCollection => name.split('_')[0] as EditorCollection;

/** Decap CMS's whole configuration for this shop; `languages`: the codes of the languages with policy translations. */
export function editorConfig(backend: EditorBackend, siteUrl: string, localBackendUrl: string | null, languages: readonly string[] = []): object {
  return {
    load_config_file: false,
    backend,
    // On localhost only, Decap talks to the proxy instead: no account, files written in place.
    // Production and deploy-preview builds leave it out: they ship no local address.
    ...(localBackendUrl ? { local_backend: { url: localBackendUrl } } : {}),
    site_url: siteUrl,
    display_url: siteUrl,
    media_folder: 'public/images/uploads',
    public_folder: '/images/uploads',
    omit_empty_optional_fields: true,
    collections: [EDITOR_COLLECTIONS.policies, ...languages.map(translatedPolicies), ...Object.values(EDITOR_COLLECTIONS).filter((collection) => collection !== EDITOR_COLLECTIONS.policies)],
  };
}

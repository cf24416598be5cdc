import type { Product } from '../../domain/product';

/*
 * The filters of /products and the category and condition pages: prescription or over the counter,
 * drug form and availability. They combine with the search and the sorts and live in the address
 * (?type=rx&form=Tablet&stock=in), so a filtered list can be shared.
 */

export type ProductType = 'rx' | 'otc';

export interface ListFilters {
  type: ProductType | null;
  form: string | null;
  inStockOnly: boolean;
}

export const NO_FILTERS: ListFilters = { type: null, form: null, inStockOnly: false };

/** The address parameters; the form's fields carry the same names. */
export const FILTER_PARAMS = { type: 'type', form: 'form', stock: 'stock' } as const;
const IN_STOCK = 'in';

export function readFilters(params: URLSearchParams): ListFilters {
  const type = params.get(FILTER_PARAMS.type);
  const form = params.get(FILTER_PARAMS.form)?.trim();
  return {
    type: type === 'rx' || type === 'otc' ? type : null,
    form: form ? form : null,
    inStockOnly: params.get(FILTER_PARAMS.stock) === IN_STOCK,
  };
}

/** Puts the filters into the address's parameters, leaving out what is not set. */
export function writeFilters(params: URLSearchParams, filters: ListFilters): void {
  const set = (name: string, value: string | null) => (value ? params.set(name, value) : params.delete(name));
  set(FILTER_PARAMS.type, filters.type);
  set(FILTER_PARAMS.form, filters.form);
  set(FILTER_PARAMS.stock, filters.inStockOnly ? IN_STOCK : null);
}

export const hasFilters = (filters: ListFilters) => filters.type !== null || filters.form !== null || filters.inStockOnly;

const formsByList = new WeakMap<readonly Pick<Product, 'drug_form'>[], string[]>();

/** The drug forms a list's products come in, for its Form filter; worked out once per list (every list page asks). */
export function formsOf(products: readonly Pick<Product, 'drug_form'>[]): string[] {
  let forms = formsByList.get(products);
  if (!forms) formsByList.set(products, (forms = [...new Set(products.map((product) => product.drug_form))].sort((a, b) => a.localeCompare(b, 'en'))));
  return forms;
}

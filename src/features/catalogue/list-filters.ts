import { isPurchasable, type Product } from '../../domain/product';

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

/**
 * What the filters look at for every product, by its place in name order (the search index's
 * ordinal): the drug forms, and per product one number, its form's index * 4 + 2 if it needs a
 * prescription + 1 if it can be bought now.
 */
export interface ListFacts {
  forms: string[];
  facts: number[];
}

export function listFacts(productsByName: readonly Product[]): ListFacts {
  const forms = formsOf(productsByName);
  const formIndex = new Map(forms.map((form, index) => [form, index]));
  const facts = productsByName.map((product) => formIndex.get(product.drug_form)! * 4 + (product.requires_prescription ? 2 : 0) + (isPurchasable(product) ? 1 : 0));
  return { forms, facts };
}

export function matchesFilters(fact: number, forms: readonly string[], filters: ListFilters): boolean {
  const rx = (fact & 2) !== 0;
  if (filters.type === 'rx' && !rx) return false;
  if (filters.type === 'otc' && rx) return false;
  if (filters.inStockOnly && (fact & 1) === 0) return false;
  return filters.form === null || forms[fact >> 2] === filters.form;
}

const formsByList = new WeakMap<readonly Pick<Product, 'drug_form'>[], string[]>();

/** The drug forms a list's products come in, for its Form filter; worked out once per list (every list page asks). */
export function formsOf(products: readonly Pick<Product, 'drug_form'>[]): string[] {
  let forms = formsByList.get(products);
  if (!forms) formsByList.set(products, (forms = [...new Set(products.map((product) => product.drug_form))].sort((a, b) => a.localeCompare(b, 'en'))));
  return forms;
}

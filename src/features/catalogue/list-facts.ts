import { isPurchasable, type Product } from '../../domain/product';
import { formsOf, type ListFilters } from './list-filters';

/*
 * What the list's filters are matched against, apart from the filters themselves (./list-filters):
 * the list's start script reads the address's filters before the first tap; this only the search
 * and the build need.
 */

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

import { describe, expect, it } from 'vitest';
import { prepareIndex, searchProducts, suggestNames, withinOneTypo, type SearchRow } from './search-engine';
import { foldText } from '@/domain/salt';

const row = (id: number, name: string, salt: string, brand: string, conditions: string, rest: string, price = 1000): SearchRow => [
  id,
  foldText(name),
  foldText(salt),
  foldText(brand),
  foldText(conditions),
  foldText(rest),
  price,
  name,
];

// In name order, as the build writes them.
const index = prepareIndex([
  row(1, 'Amlodipine 5mg Tablet', 'Amlodipine Besylate (5mg)', 'Sahyadri Lifesciences', 'High blood pressure', 'allopathy Sahyadri CARDIAC'),
  row(2, 'Crocin Advance Tablet', 'Paracetamol (500mg)', 'GSK', 'Fever Headache', 'allopathy GSK PAIN ANALGESICS'),
  row(3, 'Glycomet 500mg Tablet', 'Metformin Hydrochloride (500mg)', 'Konkan Generics', 'Type 2 diabetes mellitus', 'allopathy Konkan ANTI DIABETIC'),
  row(4, 'Metformin 500mg Tablet', 'Metformin Hydrochloride (500mg)', 'Sahyadri Lifesciences', 'Type 2 diabetes mellitus', 'allopathy Sahyadri ANTI DIABETIC'),
  row(5, 'Metrogyl 400 Tablet', 'Metronidazole (400mg)', 'J B Chemicals', 'Bacterial infections', 'allopathy JB Metformin Distributors ANTI INFECTIVES'),
  row(6, 'Paracip 650 Tablet', 'Paracetamol (650mg)', 'Cipla', 'Fever', 'allopathy Cipla PAIN ANALGESICS'),
  row(7, 'Paraderm Cream', 'Clobetasol (0.05%)', 'Paracetamol Labs', 'Eczema', 'allopathy Paracetamol Labs DERMA'),
]);
const search = (query: string) => searchProducts(index, query, 'relevance');

describe('product search', () => {
  it('finds by salt, by condition and by therapeutic class, ignoring case and accents', () => {
    expect(search('PARACETAMOL')).toEqual(expect.arrayContaining([2, 6]));
    expect(search('diabetes')).toEqual([3, 4]);
    expect(search('cardiac')).toEqual([1]);
    expect(search('paracétamol')).toEqual(search('paracetamol'));
  });

  it('matches inside words of names and salts', () => {
    expect(search('formin')).toEqual(expect.arrayContaining([3, 4]));
    expect(search('dipine')).toEqual([1]);
  });

  it('forgives one typo in words of five letters or more, and none in shorter words', () => {
    expect(search('metfromin')).toEqual(expect.arrayContaining([3, 4]));
    expect(search('paracetmol')).toEqual(expect.arrayContaining([2, 6]));
    expect(search('gsx')).toEqual([]);
    expect(withinOneTypo('metfromin', 'metformin')).toBe(true);
    expect(withinOneTypo('metfromni', 'metformin')).toBe(false);
  });

  it('ranks a name above a salt, a salt above a brand, a brand above a condition, a condition above the rest', () => {
    // Metformin is the name of 4, the salt of 3 and only the distributor ("the rest") of 5.
    expect(search('metformin')).toEqual([4, 3, 5]);
    // Paracetamol: salt of 2 and 6, the brand of 7.
    expect(search('paracetamol')).toEqual([2, 6, 7]);
  });

  it('needs every word of the query to match', () => {
    expect(search('metformin konkan')).toEqual([3]);
  });

  it('suggests up to eight product names as shown, best first', () => {
    expect(suggestNames(index, 'metformin')).toEqual(['Metformin 500mg Tablet', 'Glycomet 500mg Tablet', 'Metrogyl 400 Tablet']);
    expect(suggestNames(index, 'tablet')).toHaveLength(6);
    expect(suggestNames(index, 'a', 2)).toHaveLength(2);
    expect(suggestNames(index, ' ')).toEqual([]);
  });

  it('lists the whole catalogue in price order for an empty query', () => {
    expect(searchProducts(index, '', 'name')).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

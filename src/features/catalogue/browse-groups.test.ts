import { describe, expect, it } from 'vitest';
import { sampleDetails, sampleRecord } from './catalogue-record.fixture';
import { browsePath, categoryGroups, conditionGroups } from './browse-groups';
import { buildCatalogue } from './product-from-record';

type Spec = { id: number; name: string; category: string; primaryUse: string[]; therapeuticClass: string };

function catalogue(specs: Spec[]) {
  return buildCatalogue(
    specs.map(({ id, name, category, primaryUse, therapeuticClass }) => {
      const details = sampleDetails({ form: 'Tablet', mrp: 40 });
      return {
        source: `${id}.json`,
        raw: sampleRecord({
          id,
          product_name: name,
          category,
          upm_product_details: { ...details, primary_use: primaryUse, fact_box: { ...details.fact_box, therapeutic_class: therapeuticClass } },
        }),
      };
    }),
  );
}

const products = catalogue([
  { id: 1, name: 'Metformin 500mg Tablet', category: 'Diabetes', primaryUse: ['Type 2 Diabetes'], therapeuticClass: 'ANTI DIABETIC' },
  { id: 2, name: 'Amlodipine 5mg Tablet', category: 'Heart Care', primaryUse: ['High blood pressure'], therapeuticClass: 'CARDIAC' },
  { id: 3, name: 'Glycomet 500mg Tablet', category: 'Diabetes', primaryUse: ['Type 2 diabetes', 'Type 2 Diabetes'], therapeuticClass: 'ANTI DIABETIC' },
]);

describe('category and condition pages', () => {
  it('one page per category, its products in name order', () => {
    expect(categoryGroups(products).map((group) => [browsePath(group), group.name, group.products.map((product) => product.id)])).toEqual([
      ['/categories/diabetes', 'Diabetes', [3, 1]],
      ['/categories/heart-care', 'Heart Care', [2]],
    ]);
  });

  it('one page per primary use and therapeutic class, spellings that differ only in case together, each product once', () => {
    expect(conditionGroups(products).map((group) => [browsePath(group), group.name, group.products.map((product) => product.id)])).toEqual([
      ['/conditions/anti-diabetic', 'Anti Diabetic', [3, 1]],
      ['/conditions/cardiac', 'Cardiac', [2]],
      ['/conditions/high-blood-pressure', 'High blood pressure', [2]],
      ['/conditions/type-2-diabetes', 'Type 2 diabetes', [3, 1]],
    ]);
  });
});

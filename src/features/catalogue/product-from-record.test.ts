import { describe, expect, it } from 'vitest';
import { sampleDetails, sampleRecord } from './catalogue-record.fixture';
import { DEFAULT_PRODUCT_IMAGE, isPurchasable } from '../../domain/product';
import { buildCatalogue, buildProduct, CatalogueRecordError } from './product-from-record';

const SOURCE = 'content/catalogue/metformin.json';

describe('buildProduct: the tidy shape', () => {
  it('maps the record onto what cards and the detail page read', () => {
    const product = buildProduct(sampleRecord(), SOURCE);
    expect(product).toMatchObject({
      id: 101,
      name: 'Metformin 500mg Tablet',
      slug: 'metformin-500mg-tablet',
      brand: 'Healwell Pharma Ltd',
      salt: 'Metformin (500mg)',
      mrp_paise: 3550,
      category: 'Diabetes',
      quantity: 'Strip of 10 tablets',
      marketer: 'Healwell Marketing Pvt Ltd',
      package: 'Strip',
      drug_form: 'Tablet',
      thumbnail_image: '/images/products/metformin-200x240.webp',
      primary_uses: ['Blood sugar control'],
      uses: ['Type 2 diabetes'],
      requires_prescription: true,
      sale_state: 'ADD TO CART',
    });
    expect(product.images).toHaveLength(2);
  });
});

describe('buildProduct: fallbacks', () => {
  it('takes MRP from the nested number even when the top-level text differs', () => {
    const record = sampleRecord({ mrp: '99.00', upm_product_details: sampleDetails({ mrp: 42.75 }) });
    expect(buildProduct(record, SOURCE).mrp_paise).toBe(4275);
  });

  it('parses the top-level MRP text when the nested number is null or missing', () => {
    expect(buildProduct(sampleRecord({ mrp: '120.50', upm_product_details: sampleDetails({ mrp: null }) }), SOURCE).mrp_paise).toBe(12050);
    const details = sampleDetails({});
    delete details.mrp;
    expect(buildProduct(sampleRecord({ mrp: ' 18 ', upm_product_details: details }), SOURCE).mrp_paise).toBe(1800);
  });

  it('falls back to medicine_type for the category', () => {
    expect(buildProduct(sampleRecord({ category: null }), SOURCE).category).toBe('allopathy');
  });

  it('falls back to company_name for the marketer', () => {
    const record = sampleRecord({ upm_product_details: sampleDetails({ marketer: null }) });
    expect(buildProduct(record, SOURCE).marketer).toBe('Healwell Pharma Ltd');
  });

  it('uses the first gallery image when there is no thumbnail, else the default placeholder', () => {
    const noThumbnail = buildProduct(sampleRecord({ thumbnail_url: null }), SOURCE);
    expect(noThumbnail.thumbnail_image).toBe('/images/products/metformin-1-690x700.webp');

    const nothing = buildProduct(
      sampleRecord({ thumbnail_url: null, upm_product_details: sampleDetails({ images: [] }) }),
      SOURCE,
    );
    expect(nothing.thumbnail_image).toBe(DEFAULT_PRODUCT_IMAGE);
    expect(nothing.images).toEqual([DEFAULT_PRODUCT_IMAGE]);
  });

  it('needs a prescription when either the record or its details say so', () => {
    const detailsOnly = sampleRecord({ prescription_required: false, upm_product_details: sampleDetails({ prescription_required: true }) });
    expect(buildProduct(detailsOnly, SOURCE).requires_prescription).toBe(true);
    const neither = sampleRecord({ prescription_required: false, upm_product_details: sampleDetails({ prescription_required: false }) });
    expect(buildProduct(neither, SOURCE).requires_prescription).toBe(false);
  });

  it('derives the sale state: sold out, discontinued, otherwise purchasable', () => {
    const soldOut = buildProduct(
      sampleRecord({ out_of_stock: true, upm_product_details: sampleDetails({ stock: 'Out of Stock', for_sale: 'SOLD OUT' }) }),
      SOURCE,
    );
    expect(soldOut.sale_state).toBe('SOLD OUT');
    expect(isPurchasable(soldOut)).toBe(false);

    const discontinued = buildProduct(
      sampleRecord({ discontinued: true, upm_product_details: sampleDetails({ for_sale: 'DISCONTINUED' }) }),
      SOURCE,
    );
    expect(discontinued.sale_state).toBe('DISCONTINUED');
    expect(isPurchasable(discontinued)).toBe(false);
    expect(isPurchasable(buildProduct(sampleRecord(), SOURCE))).toBe(true);
  });
});

describe('buildProduct: the messy shape', () => {
  it('reads lists given as text: a JSON array or items separated by newlines or pipes', () => {
    const record = sampleRecord({
      upm_product_details: sampleDetails({
        uses: 'Type 2 diabetes\nPolycystic ovary syndrome',
        primary_use: 'Blood sugar control | Weight-neutral therapy',
        images: '["/images/products/a-690x700.webp","/images/products/b-690x700.webp"]',
        safety_advise: JSON.stringify([{ name: 'Liver', severity: 'CAUTION', description: 'Use with care.' }]),
        faq: '[]',
        categories: { otc_category_ids: '', health_condition_ids: '3;7' },
      }),
    });
    const product = buildProduct(record, SOURCE);
    expect(product.uses).toEqual(['Type 2 diabetes', 'Polycystic ovary syndrome']);
    expect(product.primary_uses).toEqual(['Blood sugar control', 'Weight-neutral therapy']);
    expect(product.images).toEqual(['/images/products/a-690x700.webp', '/images/products/b-690x700.webp']);
    expect(product.precautions).toEqual([{ name: 'Liver', severity: 'CAUTION', description: 'Use with care.' }]);
    expect(product.faq).toEqual([]);
  });

  it('reads booleans given as text', () => {
    const record = sampleRecord({
      prescription_required: 'False',
      out_of_stock: 'yes',
      cod_available: '0',
      is_active: 'TRUE',
      upm_product_details: sampleDetails({ prescription_required: 'no' }),
    });
    const product = buildProduct(record, SOURCE);
    expect(product.requires_prescription).toBe(false);
    expect(product.cod_available).toBe(false);
    expect(product.sale_state).toBe('SOLD OUT');
  });

  it('treats a null list as empty', () => {
    const record = sampleRecord({ upm_product_details: sampleDetails({ uses: null as unknown as string[] }) });
    expect(buildProduct(record, SOURCE).uses).toEqual([]);
  });
});

describe('buildProduct: malformed records', () => {
  const failure = (raw: unknown) => {
    try {
      buildProduct(raw, SOURCE);
    } catch (error) {
      expect(error).toBeInstanceOf(CatalogueRecordError);
      return (error as Error).message;
    }
    throw new Error('expected the record to be rejected');
  };

  it('names the file and a top-level field', () => {
    const message = failure(sampleRecord({ mrp: 'twelve' }));
    expect(message).toContain(SOURCE);
    expect(message).toMatch(/\bmrp: .*twelve/);
  });

  it('names the file and the path of a nested field', () => {
    const message = failure(sampleRecord({ upm_product_details: sampleDetails({ stock: 'Maybe' as 'In Stock' }) }));
    expect(message).toContain(SOURCE);
    expect(message).toContain('upm_product_details.stock');
  });

  it('rejects boolean text it cannot read', () => {
    const message = failure(sampleRecord({ out_of_stock: 'perhaps' }));
    expect(message).toContain(SOURCE);
    expect(message).toContain('out_of_stock:');
  });

  it('rejects list text that is broken JSON', () => {
    const message = failure(sampleRecord({ upm_product_details: sampleDetails({ uses: '["unterminated' }) }));
    expect(message).toContain('upm_product_details.uses');
  });

  it('names a missing field', () => {
    const { product_name: _omitted, ...withoutName } = sampleRecord();
    expect(failure(withoutName)).toContain('product_name');
  });

  it('rejects something that is not a record at all', () => {
    expect(failure('not an object')).toContain(SOURCE);
  });
});

describe('buildCatalogue', () => {
  it('builds every record in order', () => {
    const products = buildCatalogue([
      { source: 'a.json', raw: sampleRecord() },
      { source: 'b.json', raw: sampleRecord({ id: 102, product_name: 'Pantoprazole 40mg Tablet' }) },
    ]);
    expect(products.map((product) => product.slug)).toEqual(['metformin-500mg-tablet', 'pantoprazole-40mg-tablet']);
  });

  it('rejects a reused id, naming both files', () => {
    expect(() =>
      buildCatalogue([
        { source: 'a.json', raw: sampleRecord() },
        { source: 'b.json', raw: sampleRecord({ product_name: 'Other' }) },
      ]),
    ).toThrow(/b\.json reuses id 101 of a\.json/);
  });

  it('rejects a reused slug, naming both files', () => {
    expect(() =>
      buildCatalogue([
        { source: 'a.json', raw: sampleRecord() },
        { source: 'b.json', raw: sampleRecord({ id: 102, product_name: 'METFORMIN 500mg tablet' }) },
      ]),
    ).toThrow(/b\.json reuses slug "metformin-500mg-tablet" of a\.json/);
  });
});

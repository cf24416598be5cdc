import { describe, expect, it } from 'vitest';
import { sampleDetails, sampleRecord } from './catalogue-record.fixture';
import { catalogueRecordSchema } from './catalogue-record';
import { buildProduct, CatalogueRecordError, drugTaxFacts } from './product-from-record';

describe('schedule, HSN code and GST rate in the catalogue record', () => {
  it('reads them, as numbers or text', () => {
    const record = catalogueRecordSchema.parse(sampleRecord({ hsn_code: 30049099, gst_rate: '12', schedule: 'H1' }));
    expect(drugTaxFacts(record)).toEqual({ schedule: 'H1', hsnCode: '30049099', gstRate: 12 });
  });

  it('fails the build naming the file when a prescription product lacks them', () => {
    const record = sampleRecord();
    delete record.hsn_code;
    delete record.gst_rate;
    expect(() => buildProduct(record, 'content/catalogue/101-metformin.json')).toThrow(CatalogueRecordError);
    expect(() => buildProduct(record, 'content/catalogue/101-metformin.json')).toThrow(
      /content\/catalogue\/101-metformin\.json is malformed: hsn_code: a prescription product needs its hsn_code .*; gst_rate: a prescription product needs its gst_rate/,
    );
  });

  it('refuses a rate that is not a GST rate, an HSN code that is not 4, 6 or 8 digits, and an OTC prescription product', () => {
    expect(() => buildProduct(sampleRecord({ gst_rate: 7 }), 'a.json')).toThrow(/gst_rate: a GST rate is one of 0, 5, 12, 18, 28/);
    expect(() => buildProduct(sampleRecord({ hsn_code: '3004-90' }), 'a.json')).toThrow(/hsn_code: an HSN code is 4, 6 or 8 digits/);
    expect(() => buildProduct(sampleRecord({ schedule: 'OTC' }), 'a.json')).toThrow(/a prescription product is Schedule H, H1 or X/);
  });

  it('lets an OTC product without them through, as OTC with no tax facts', () => {
    const otc = sampleRecord({ prescription_required: false, upm_product_details: sampleDetails({ prescription_required: false }) });
    delete otc.hsn_code;
    delete otc.gst_rate;
    delete otc.schedule;
    expect(drugTaxFacts(catalogueRecordSchema.parse(otc))).toEqual({ schedule: 'OTC', hsnCode: null, gstRate: null });
  });

  it('never sells a Schedule X medicine online', () => {
    expect(buildProduct(sampleRecord({ schedule: 'X' }), 'a.json').sale_state).toBe('SOLD OUT');
    expect(buildProduct(sampleRecord({ schedule: 'H' }), 'a.json').sale_state).toBe('ADD TO CART');
  });
});

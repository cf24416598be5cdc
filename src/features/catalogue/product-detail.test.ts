import { describe, expect, it } from 'vitest';
import { sampleDetails, sampleRecord } from './catalogue-record.fixture';
import { buildProduct } from './product-from-record';
import { DETAIL_SECTION_HEADINGS, detailSections, safetyInformation } from './product-detail';

const build = (overrides: Parameters<typeof sampleRecord>[0] = {}) => buildProduct(sampleRecord(overrides), 'test.json');

describe('detailSections', () => {
  it('shows every section, in the fixed order, for a product with all its data', () => {
    expect(detailSections(build()).map((section) => section.heading)).toEqual(DETAIL_SECTION_HEADINGS);
  });

  it('shows the marketer and its address under Manufactured by', () => {
    const manufacturer = detailSections(build()).find((section) => section.heading === 'Manufactured by');
    expect(manufacturer?.paragraphs).toEqual(['Healwell Marketing Pvt Ltd', '12 MG Road, Bengaluru 560001']);
  });

  it('omits sections whose data is null or empty', () => {
    const product = build({
      upm_product_details: sampleDetails({ how_it_works: null, uses: [], safety_advise: [], marketer_address: null }),
    });
    const headings = detailSections(product).map((section) => section.heading);
    expect(headings).not.toContain('How it Works');
    expect(headings).not.toContain('Uses');
    expect(headings).not.toContain('Safety Information');
    expect(detailSections(product).find((section) => section.heading === 'Manufactured by')?.paragraphs).toEqual([
      'Healwell Marketing Pvt Ltd',
    ]);
    expect(JSON.stringify(detailSections(product))).not.toContain('null');
  });
});

describe('safetyInformation', () => {
  it("renders each advisory as 'name: description' and skips ones without a description", () => {
    expect(safetyInformation(build())).toEqual(['Alcohol: Avoid alcohol while taking it.']);
  });
});

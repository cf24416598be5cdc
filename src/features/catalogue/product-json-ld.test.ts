import { describe, expect, it } from 'vitest';
import { sampleDetails, sampleRecord } from './catalogue-record.fixture';
import { buildProduct } from './product-from-record';
import { productJsonLd } from './product-json-ld';

const site = new URL('https://shop.example');

describe('productJsonLd', () => {
  it('describes the product with its selling price in INR and its availability', () => {
    const data = JSON.parse(productJsonLd(buildProduct(sampleRecord(), 'a.json'), site));
    expect(data['@type']).toBe('Product');
    expect(data.url).toBe('https://shop.example/products/metformin-500mg-tablet');
    expect(data.image[0]).toBe('https://shop.example/images/products/metformin-1-690x700.webp');
    expect(data.offers).toMatchObject({ priceCurrency: 'INR', price: '33.00', availability: 'https://schema.org/InStock' });
  });

  it('marks sold out products out of stock', () => {
    const record = sampleRecord({ out_of_stock: true, upm_product_details: sampleDetails({ for_sale: 'SOLD OUT' }) });
    expect(JSON.parse(productJsonLd(buildProduct(record, 'a.json'), site)).offers.availability).toBe(
      'https://schema.org/OutOfStock',
    );
  });

  it('cannot close the script element it is printed in', () => {
    const record = sampleRecord({ upm_product_details: sampleDetails({ description: '</script><b>x</b>' }) });
    expect(productJsonLd(buildProduct(record, 'a.json'), site)).not.toContain('</script>');
  });
});

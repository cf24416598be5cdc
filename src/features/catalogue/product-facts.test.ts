import { describe, expect, it } from 'vitest';
import { sampleDetails, sampleRecord } from './catalogue-record.fixture';
import { buildProduct } from './product-from-record';
import { faqJsonLd, productFacts } from './product-facts';

const build = (overrides: Parameters<typeof sampleRecord>[0] = {}) => buildProduct(sampleRecord(overrides), 'test.json');

describe('productFacts', () => {
  it('rates each interaction in words as well as colour, with the record advice on that topic', () => {
    const alcohol = productFacts(build()).interactions.find((row) => row.topic === 'Alcohol');
    expect(alcohol).toMatchObject({ label: 'Unsafe', tone: 'danger' });
  });

  it('leaves out unrated interactions and empty facts instead of printing null', () => {
    const product = build({
      upm_product_details: sampleDetails({
        side_effects: null,
        missed_dosage: '  ',
        lactation_interaction: null,
        driving_interaction: '',
        fact_box: { chemical_class: null, habit_forming: 'NA', therapeutic_class: 'CARDIAC' },
      }),
    });
    const facts = productFacts(product);
    expect(facts.sideEffects).toBeNull();
    expect(facts.missedDose).toBeNull();
    expect(facts.interactions.map((row) => row.topic)).not.toContain('Breast feeding');
    expect(facts.interactions.map((row) => row.topic)).not.toContain('Driving');
    expect(facts.facts.map((fact) => fact.term)).not.toContain('Chemical class');
    expect(facts.facts.map((fact) => fact.term)).not.toContain('Habit forming');
  });

  it('marks up the questions as a FAQPage, and nothing when there are none', () => {
    const product = build({ upm_product_details: sampleDetails({ faq: [{ question: 'With food?', answer: 'Yes.' }] }) });
    expect(JSON.parse(faqJsonLd(productFacts(product).faq)!)).toMatchObject({
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'With food?', acceptedAnswer: { '@type': 'Answer', text: 'Yes.' } }],
    });
    expect(faqJsonLd([])).toBeNull();
  });
});

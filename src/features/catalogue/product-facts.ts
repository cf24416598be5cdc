import type { Product } from '../../domain/product';

/*
 * The product facts shown below the spec's detail sections (whose "Manufactured by" already names
 * the marketer and their address): side effects, a missed dose, FAQ,
 * interaction ratings and the fact box. Anything null or empty is left out, never printed.
 */

export const SIDE_EFFECTS = 'Side Effects';
export const MISSED_DOSE = 'If You Miss a Dose';
export const FREQUENTLY_ASKED = 'Frequently Asked Questions';
export const INTERACTIONS = 'Interactions';
export const PRODUCT_FACTS = 'Product Facts';

/** Badge colour per rating; the rating's words are always printed with it, so colour is never the only cue. */
export type SeverityTone = 'safe' | 'caution' | 'danger' | 'neutral';

const SEVERITY: Record<string, { label: string; tone: SeverityTone }> = {
  SAFE: { label: 'Safe', tone: 'safe' },
  'SAFE IF PRESCRIBED': { label: 'Safe if prescribed', tone: 'safe' },
  CAUTION: { label: 'Caution', tone: 'caution' },
  'CONSULT YOUR DOCTOR': { label: 'Consult your doctor', tone: 'caution' },
  UNSAFE: { label: 'Unsafe', tone: 'danger' },
  'NOT RELEVANT': { label: 'Not relevant', tone: 'neutral' },
};

export interface InteractionRow {
  topic: string;
  label: string;
  tone: SeverityTone;
  /** The record's advice on this topic, when it gives one. */
  advice: string | null;
}

export interface ProductFacts {
  sideEffects: string | null;
  missedDose: string | null;
  faq: { question: string; answer: string }[];
  interactions: InteractionRow[];
  facts: { term: string; detail: string }[];
}

const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export function severityBadge(severity: string): { label: string; tone: SeverityTone } {
  return SEVERITY[severity.trim().toUpperCase()] ?? { label: severity.trim(), tone: 'neutral' };
}

export function productFacts(product: Product): ProductFacts {
  const advice = new Map(product.precautions.map((entry) => [entry.name.toLowerCase(), text(entry.description)]));
  const habitForming = product.habit_forming === null ? null : product.habit_forming ? 'Yes' : 'No';
  const facts = [
    { term: 'Therapeutic class', detail: text(product.therapeutic_class) },
    { term: 'Chemical class', detail: text(product.chemical_class) },
    { term: 'Habit forming', detail: habitForming },
    { term: 'Country of origin', detail: text(product.country_of_origin) },
  ].filter((fact): fact is { term: string; detail: string } => fact.detail !== null);
  return {
    sideEffects: text(product.side_effects),
    missedDose: text(product.missed_dosage),
    faq: product.faq
      .map((entry) => ({ question: text(entry.question), answer: text(entry.answer) }))
      .filter((entry): entry is { question: string; answer: string } => entry.question !== null && entry.answer !== null),
    interactions: product.interactions.map(({ topic, severity }) => ({
      topic,
      ...severityBadge(severity),
      advice: advice.get(topic.toLowerCase()) ?? null,
    })),
    facts,
  };
}

/** schema.org FAQPage markup for the page's questions, escaped for a <script> element; null without questions. */
export function faqJsonLd(faq: ProductFacts['faq']): string | null {
  if (faq.length === 0) return null;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

import type { Product } from '../../domain/product';
import { catalogue } from '../../domain/strings/english/catalogue';
import type { StringTable } from '../../domain/strings/table';

type FactsText = StringTable['catalogue'];

/*
 * The product facts shown below the spec's detail sections (whose "Manufactured by" already names
 * the marketer and their address): side effects, a missed dose, FAQ,
 * interaction ratings and the fact box. Anything null or empty is left out, never printed.
 */

export const INTERACTIONS = catalogue.interactions;

/** Badge colour per rating; the rating's words are always printed with it, so colour is never the only cue. */
export type SeverityTone = 'safe' | 'caution' | 'danger' | 'neutral';

const SEVERITY: Record<string, { label: keyof FactsText; tone: SeverityTone }> = {
  SAFE: { label: 'severitySafe', tone: 'safe' },
  'SAFE IF PRESCRIBED': { label: 'severitySafeIfPrescribed', tone: 'safe' },
  CAUTION: { label: 'severityCaution', tone: 'caution' },
  'CONSULT YOUR DOCTOR': { label: 'severityConsultDoctor', tone: 'caution' },
  UNSAFE: { label: 'severityUnsafe', tone: 'danger' },
  'NOT RELEVANT': { label: 'severityNotRelevant', tone: 'neutral' },
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

const trimmed = (value: string | null | undefined): string | null => {
  const inner = value?.trim() ?? '';
  return inner === '' ? null : inner;
};

export function severityBadge(severity: string, text: FactsText = catalogue): { label: string; tone: SeverityTone } {
  const known = SEVERITY[severity.trim().toUpperCase()];
  return known ? { label: text[known.label], tone: known.tone } : { label: severity.trim(), tone: 'neutral' };
}

export function productFacts(product: Product, text: FactsText = catalogue): ProductFacts {
  const advice = new Map(product.precautions.map((entry) => [entry.name.toLowerCase(), trimmed(entry.description)]));
  const habitForming = product.habit_forming === null ? null : product.habit_forming ? text.yes : text.no;
  const facts = [
    { term: text.therapeuticClass, detail: trimmed(product.therapeutic_class) },
    { term: text.chemicalClass, detail: trimmed(product.chemical_class) },
    { term: text.habitForming, detail: habitForming },
    { term: text.countryOfOrigin, detail: trimmed(product.country_of_origin) },
  ].filter((fact): fact is { term: string; detail: string } => fact.detail !== null);
  return {
    sideEffects: trimmed(product.side_effects),
    missedDose: trimmed(product.missed_dosage),
    faq: product.faq
      .map((entry) => ({ question: trimmed(entry.question), answer: trimmed(entry.answer) }))
      .filter((entry): entry is { question: string; answer: string } => entry.question !== null && entry.answer !== null),
    interactions: product.interactions.map(({ topic, severity }) => ({
      topic,
      ...severityBadge(severity, text),
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

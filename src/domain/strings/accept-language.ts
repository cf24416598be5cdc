import type { LanguageCode } from '../language';

/**
 * The languages a browser asks for in its Accept-Language header, most wanted first: each tag's
 * language (`hi` of `hi-IN`), once, leaving out those it refuses (q=0). For a page that has nothing
 * else to go by, such as a message's link that names no order.
 */
export function wantedLanguages(header: string | null): LanguageCode[] {
  if (!header) return [];
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const quality = parameters.find((parameter) => /^q=/i.test(parameter));
      const weight = quality === undefined ? 1 : Number(quality.slice(2));
      return { code: tag.toLowerCase().split('-')[0]!, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ code, weight }) => /^[a-z]{2}$/.test(code) && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return [...new Set(ranked.map(({ code }) => code))];
}

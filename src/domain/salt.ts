/*
 * Salt compositions as the catalogue writes them ("Metformin Hydrochloride (500mg)",
 * "Niacinamide (10% w/v), Zinc PCA (1% w/v)") turned into keys that compare equal whatever the
 * case, accents, spacing or order of the salts.
 */

export interface SaltPart {
  /** Lower case, accents and punctuation removed: "metformin hydrochloride". */
  name: string;
  /** Lower case, without spaces: "500mg", "10%w/v"; empty when the record gives none. */
  strength: string;
}

/** Lower case without accents, runs of other characters as one space: for salts and search alike. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9%./]+/g, ' ')
    .trim();
}

/** Splits on commas and '+' outside brackets, so "(1,000mg)" stays one strength. */
function splitParts(salt: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of salt) {
    if (character === '(') depth += 1;
    if (character === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (character === ',' || character === '+')) {
      parts.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

export function saltParts(salt: string): SaltPart[] {
  return splitParts(salt).map((part) => {
    const match = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(part);
    const name = foldText(match ? match[1]! : part).replace(/[%./]/g, ' ').replace(/\s+/g, ' ').trim();
    const strength = match ? foldText(match[2]!).replace(/,/g, '').replace(/\s+/g, '') : '';
    return { name, strength };
  });
}

/** Same salts in the same strengths, in any order and spelling of case or accents. */
export function saltKey(salt: string): string {
  return saltParts(salt)
    .map((part) => `${part.name}@${part.strength}`)
    .sort()
    .join('+');
}

/** Same salts whatever their strengths: the key of "Other strengths". */
export function moleculeKey(salt: string): string {
  return [...new Set(saltParts(salt).map((part) => part.name))].sort().join('+');
}

/**
 * Forms that may stand in for each other: the same form once case and spacing are folded. A
 * modified-release form ("Tablet CR", "Tablet SR", "Tablet ER") releases the salt differently from
 * a plain "Tablet", so they never match.
 */
export function formKey(form: string): string {
  return foldText(form).replace(/s$/, '');
}

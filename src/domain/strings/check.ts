import { placeholdersOf } from './format';

/**
 * What is wrong with a language's table against English's: a missing or extra key, an empty string,
 * a count without its forms, a text whose `{values}` differ from English's. Empty when all is well.
 */
export function tableProblems(reference: unknown, table: unknown, path = ''): string[] {
  if (typeof reference === 'string') {
    if (typeof table !== 'string') return [`${path}: missing`];
    if (table.trim() === '') return [`${path}: empty`];
    const expected = placeholdersOf(reference).join(', ');
    const actual = placeholdersOf(table).join(', ');
    return expected === actual ? [] : [`${path}: fills {${actual}} where English fills {${expected}}`];
  }
  if (typeof reference !== 'object' || reference === null) return [`${path}: not a string table entry`];
  if (typeof table !== 'object' || table === null) return [`${path}: missing`];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(reference)) problems.push(...tableProblems(value, (table as Record<string, unknown>)[key], path ? `${path}.${key}` : key));
  for (const key of Object.keys(table)) if (!(key in reference)) problems.push(`${path ? `${path}.` : ''}${key}: not a key of English's table`);
  return problems;
}

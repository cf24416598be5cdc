import { describe, expect, it } from 'vitest';
import { parseInList, parsePrefer, statusForPostgresError } from './rest';
import { mimeTypeAllowed } from './storage';

describe('PostgREST request parsing', () => {
  it('splits in.(...) lists, keeping quoted commas', () => {
    expect(parseInList('(1,2,3)')).toEqual(['1', '2', '3']);
    expect(parseInList('("a,b",c)')).toEqual(['a,b', 'c']);
  });

  it('reads Prefer: return and resolution, with a default return', () => {
    expect(parsePrefer('return=representation,resolution=merge-duplicates', 'minimal')).toEqual({ return: 'representation', resolution: 'merge-duplicates' });
    expect(parsePrefer(undefined, 'minimal')).toEqual({ return: 'minimal' });
  });

  it("maps Postgres errors to PostgREST's HTTP statuses", () => {
    expect(statusForPostgresError('42501', 'anon')).toBe(401);
    expect(statusForPostgresError('42501', 'authenticated')).toBe(403);
    expect(statusForPostgresError('23505', 'authenticated')).toBe(409);
    expect(statusForPostgresError('23514', 'anon')).toBe(400);
    expect(statusForPostgresError('P0002', 'service_role')).toBe(500);
  });
});

describe('bucket mime rules', () => {
  it('matches image/* and exact types, and allows anything when the bucket lists none', () => {
    const prescriptions = ['image/*', 'application/pdf'];
    expect(mimeTypeAllowed('image/jpeg', prescriptions)).toBe(true);
    expect(mimeTypeAllowed('application/pdf', prescriptions)).toBe(true);
    expect(mimeTypeAllowed('text/html', prescriptions)).toBe(false);
    expect(mimeTypeAllowed('text/html', null)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { foldText, formKey, moleculeKey, saltKey } from './salt';

describe('salt keys', () => {
  it('match whatever the case, accents, spacing and order of the salts', () => {
    expect(saltKey('Niacinamide (10% w/v), Zinc PCA (1% w/v)')).toBe(saltKey('zinc pca (1 % w/v) + NIACINAMIDE (10%w/v)'));
    expect(saltKey('Metformin Hydrochloride (500mg)')).toBe(saltKey('Metformin  hydrochloride ( 500 mg )'));
    expect(foldText('Acéclofénac')).toBe('aceclofenac');
  });

  it('tell strengths apart, while the molecule key ignores them', () => {
    expect(saltKey('Metformin Hydrochloride (500mg)')).not.toBe(saltKey('Metformin Hydrochloride (1000mg)'));
    expect(moleculeKey('Metformin Hydrochloride (500mg)')).toBe(moleculeKey('Metformin Hydrochloride (1000mg)'));
    expect(saltKey('Paracetamol (1,000mg)')).toBe(saltKey('Paracetamol (1000 mg)'));
  });

  it('keep a modified-release form apart from the plain one', () => {
    expect(formKey('Tablet CR')).not.toBe(formKey('Tablet'));
    expect(formKey('Tablets')).toBe(formKey('tablet'));
  });
});

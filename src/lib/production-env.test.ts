import { describe, expect, it } from 'vitest';
import { productionEnvProblem } from './production-env';

const configured = {
  PUBLIC_SUPABASE_URL: 'https://shop.supabase.co',
  PUBLIC_SUPABASE_ANON_KEY: 'anon-key',
  PUBLIC_RAZORPAY_KEY_ID: 'rzp_live_123',
};

describe('productionEnvProblem', () => {
  it('lets a configured production build go on', () => {
    expect(productionEnvProblem({ CONTEXT: 'production', ...configured })).toBeNull();
  });

  it('names every missing or blank public setting in one line', () => {
    const problem = productionEnvProblem({ CONTEXT: 'production', PUBLIC_SUPABASE_URL: 'https://shop.supabase.co', PUBLIC_RAZORPAY_KEY_ID: ' ' });
    expect(problem).toContain('PUBLIC_SUPABASE_ANON_KEY, PUBLIC_RAZORPAY_KEY_ID');
    expect(problem).not.toContain('PUBLIC_SUPABASE_URL');
    expect(problem).not.toContain('\n');
  });

  it('leaves local builds and deploy previews on the local defaults', () => {
    expect(productionEnvProblem({})).toBeNull();
    expect(productionEnvProblem({ CONTEXT: 'deploy-preview' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { freshStaffSessionOf, staffOfUser } from './stored-staff';

const NOW = Date.UTC(2026, 10, 26, 10, 0, 0);
const stored = (user: unknown, expiresInSeconds = 3600) =>
  JSON.stringify({ access_token: 'staff.token', refresh_token: 'refresh', expires_at: NOW / 1000 + expiresInSeconds, user });

describe('a desk member from the signed-in user', () => {
  it('takes the role and name from app_metadata only', () => {
    expect(staffOfUser({ email: 'asha@pharmacy.test', app_metadata: { role: 'pharmacist', staff_name: 'Asha Rao' } })).toEqual({ role: 'pharmacist', name: 'Asha Rao' });
    expect(staffOfUser({ email: 'sam@pharmacy.test', app_metadata: { role: 'support' } })).toEqual({ role: 'support', name: 'sam@pharmacy.test' });
    expect(staffOfUser({ app_metadata: { role: 'marketing', staff_name: '' } })).toEqual({ role: 'marketing', name: 'Staff' });
  });

  it('finds a customer in anyone without a desk role there, whatever their own metadata says', () => {
    for (const user of [
      { email: 'demo@pharmacy.test', app_metadata: { provider: 'email' } },
      { email: 'demo@pharmacy.test', app_metadata: { role: 'admin' } },
      { email: 'demo@pharmacy.test', app_metadata: {}, user_metadata: { role: 'pharmacist' } },
      { email: 'demo@pharmacy.test' },
      null,
      'pharmacist',
    ]) {
      expect(staffOfUser(user), JSON.stringify(user)).toBeNull();
    }
  });

  it('is read from the stored session while its token is fresh, with the token and user id', () => {
    const user = { id: 'u-1', email: 'asha@pharmacy.test', app_metadata: { role: 'pharmacist', staff_name: 'Asha Rao' } };
    expect(freshStaffSessionOf(stored(user), NOW)).toEqual({ accessToken: 'staff.token', userId: 'u-1', role: 'pharmacist', name: 'Asha Rao' });
    expect(freshStaffSessionOf(stored(user, 30), NOW)).toBeNull();
    expect(freshStaffSessionOf(stored({ id: 'u-2', app_metadata: {} }), NOW)).toBeNull();
    expect(freshStaffSessionOf(null, NOW)).toBeNull();
    expect(freshStaffSessionOf('{not json', NOW)).toBeNull();
  });
});

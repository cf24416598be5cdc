import type { Config } from '@netlify/functions';
import { handleDeleteAccount } from '../../src/features/account/server/delete-account';

export default handleDeleteAccount;

export const config: Config = {
  path: '/api/account/delete',
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

import type { Config } from '@netlify/functions';
import { handleCodRemittance } from '../../src/features/desk/server/dispatch-handlers';
import { deskFunction } from '../../src/features/desk/server/production';

export default deskFunction('/api/desk/cod-remittance', handleCodRemittance);

export const config: Config = { path: '/api/desk/cod-remittance' };

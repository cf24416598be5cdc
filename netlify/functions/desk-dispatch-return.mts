import type { Config } from '@netlify/functions';
import { handleReturnedParcel } from '../../src/features/desk/server/dispatch-handlers';
import { deskFunction } from '../../src/features/desk/server/production';

export default deskFunction('/api/desk/dispatch-return', handleReturnedParcel);

export const config: Config = { path: '/api/desk/dispatch-return' };

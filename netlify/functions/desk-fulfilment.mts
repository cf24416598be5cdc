import type { Config } from '@netlify/functions';
import { handleFulfilment } from '../../src/features/desk/server/handlers';
import { deskFunction } from '../../src/features/desk/server/production';

export default deskFunction('/api/desk/fulfilment', handleFulfilment);

export const config: Config = { path: '/api/desk/fulfilment' };

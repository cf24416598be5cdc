import type { Config } from '@netlify/functions';
import { requestFunction, submitRequest } from '../../src/features/prescription-requests/server/request-functions';
import { productionRequestDependencies } from '../../src/features/prescription-requests/server/production';

const handler = requestFunction('/api/prescription-requests/submit', submitRequest);

export default (req: Request): Promise<Response> => handler(req, productionRequestDependencies);

export const config: Config = {
  path: '/api/prescription-requests/submit',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

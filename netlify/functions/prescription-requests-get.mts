import type { Config } from '@netlify/functions';
import { getRequest, requestFunction } from '../../src/features/prescription-requests/server/request-functions';
import { productionRequestDependencies } from '../../src/features/prescription-requests/server/production';

const handler = requestFunction('/api/prescription-requests/get', getRequest);

export default (req: Request): Promise<Response> => handler(req, productionRequestDependencies);

export const config: Config = {
  path: '/api/prescription-requests/get',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

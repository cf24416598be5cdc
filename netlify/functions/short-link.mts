import type { Config } from '@netlify/functions';
import { shortLinkHandler } from '../../src/features/messages/server/handlers';
import { productionServerDependencies } from '../../src/features/orders/server/production';

/** An SMS's short link to an order, a prescription request or a refill reorder. */
export default (req: Request): Promise<Response> => shortLinkHandler(req, productionServerDependencies);

export const config: Config = {
  path: '/s/:type/:id/:signature',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

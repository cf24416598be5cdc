import type { Config } from '@netlify/functions';
import { availabilityFunction } from '../../src/features/checkout/server/stock-availability';

export default (req: Request): Promise<Response> => availabilityFunction(req, process.env);

export const config: Config = { path: '/api/stock/availability' };

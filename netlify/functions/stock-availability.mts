import type { Config } from '@netlify/functions';
import { availabilityEnvSchema, availabilityResponse } from '../../src/features/catalogue/server/stock-availability';

export default (req: Request): Promise<Response> => availabilityResponse(req, availabilityEnvSchema.parse(process.env));

export const config: Config = { path: '/api/stock/availability' };

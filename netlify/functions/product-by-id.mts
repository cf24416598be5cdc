import type { Config } from '@netlify/functions';
import productPaths from '../../.generated/product-paths.json' with { type: 'json' };
import { productByIdResponse } from '../../src/features/catalogue/server/product-by-id';

export default (req: Request): Promise<Response> => productByIdResponse(req, productPaths);

// Only where no file answers: a product whose slug is a number has its page under its id.
export const config: Config = {
  path: '/products/:id(\\d+)',
  preferStatic: true,
};

import type { Config } from '@netlify/functions';
import addresses from '../../.generated/product-addresses.json' with { type: 'json' };
import { productAddressResponse } from '../../src/features/catalogue/server/product-by-id';

export default (req: Request): Promise<Response> => productAddressResponse(req, addresses);

// Only where no file answers: a product's id, a slug it had before, a removed product, or no product.
export const config: Config = {
  path: '/products/:segment',
  preferStatic: true,
};

import type { Config } from '@netlify/functions';
import { productAddressResponse, type ProductAddresses } from '../../src/features/catalogue/server/product-by-id';

// Read on the first call rather than as the module loads: ~6 MB at 100,000 products, which every
// instance (and the local server, which loads each function as it starts) would otherwise parse first.
let addresses: Promise<ProductAddresses> | undefined;

export default async (req: Request): Promise<Response> =>
  productAddressResponse(req, await (addresses ??= import('../../.generated/product-addresses.json', { with: { type: 'json' } }).then((module) => module.default)));

// Only where no file answers: a product's id, a slug it had before, a removed product, or no product.
export const config: Config = {
  path: '/products/:segment',
  preferStatic: true,
};

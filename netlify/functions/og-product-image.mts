import type { Config } from '@netlify/functions';
import { functionRoot } from '../../src/lib/catalogue-shard-files';
import { productShareImageDependencies, productShareImageResponse } from '../../src/features/share-images/server/product-share-image';

const dependencies = productShareImageDependencies(functionRoot());

export default (req: Request): Promise<Response> => productShareImageResponse(req, dependencies);

// Every product page's og:image (src/pages/products/[product].astro): /og/products/<id>-<hash>.jpg.
export const config: Config = { path: '/og/products/:file' };

import type { Config } from '@netlify/functions';
import { functionRoot } from '../../src/lib/catalogue-shard-files';
import { productByIdResponse } from '../../src/features/catalogue/server/product-by-id';
import { productPathFiles } from '../../src/features/catalogue/server/product-path-files';

const pathOf = productPathFiles(functionRoot());

export default (req: Request): Promise<Response> => productByIdResponse(req, pathOf);

// Only where no file answers: a product whose slug is a number has its page under its id.
export const config: Config = {
  path: '/products/:id(\\d+)',
  preferStatic: true,
};

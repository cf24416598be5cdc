import { readCatalogueDirectory } from '../src/features/catalogue/read-catalogue-files';

const directory = process.argv[2] ?? 'content/catalogue';
const products = await readCatalogueDirectory(directory);
console.log(`${products.length} catalogue records valid in ${directory}`);
for (const product of products) {
  console.log(`  ${product.id}\t${product.slug}\t₹${product.mrp}\t${product.sale_state}${product.requires_prescription ? '\tRx' : ''}`);
}

import type { APIRoute, GetStaticPaths } from 'astro';
import { toCartProduct } from '@/domain/product';
import { getCatalogue } from '@/features/catalogue/catalogue';
import type { Product } from '@/domain/product';

/**
 * Today's price and availability of one product, as a cart line keeps it: the cart page fetches
 * only its lines' files, so a 100,000-product catalogue is never downloaded whole.
 */
export const getStaticPaths = (async () => {
  const { products } = await getCatalogue();
  return products.map((product) => ({ params: { id: String(product.id) }, props: { product } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ product: Product }> = ({ props }) =>
  new Response(JSON.stringify(toCartProduct(props.product)), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

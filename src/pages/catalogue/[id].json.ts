import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalogue } from '@/features/catalogue/catalogue';
import { toProductCard, type Product } from '@/domain/product';

/**
 * Today's price and availability of one product, with what its card shows: the cart page fetches
 * only its lines' files and a search only its results', so a 100,000-product catalogue is never
 * downloaded whole.
 */
export const getStaticPaths = (async () => {
  const { products } = await getCatalogue();
  return products.map((product) => ({ params: { id: String(product.id) }, props: { product } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ product: Product }> = ({ props }) =>
  new Response(JSON.stringify(toProductCard(props.product)), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

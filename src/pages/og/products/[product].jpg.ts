import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalogue } from '@/features/catalogue/catalogue';
import { productSegment, type Product } from '@/domain/product';
import { productShareImagesAtBuild } from '@/features/share-images/share-paths';
import { productShareCard } from '@/features/share-images/share-cards';
import { renderShareImage } from '@/features/share-images/share-image';

/** /og/products/<segment>.jpg: each product page's share image (up to PRODUCT_SHARE_IMAGES_UP_TO products). */
export const getStaticPaths = (async () => {
  const { products } = await getCatalogue();
  if (!productShareImagesAtBuild(products.length)) return [];
  return products.map((product) => ({ params: { product: productSegment(product) }, props: { product } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ product: Product }> = async ({ props }) =>
  new Response(new Uint8Array(await renderShareImage(productShareCard(props.product))), { headers: { 'Content-Type': 'image/jpeg' } });

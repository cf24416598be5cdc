import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalogue } from '../../../features/catalogue/catalogue';
import { browseTitle, categoryGroups, conditionGroups, type BrowseGroup } from '../../../features/catalogue/browse-groups';
import { productShareFacts, readPublicPicture } from '../../../features/share-images/server/share-cards';
import { renderShareImage } from '../../../features/share-images/server/share-image';

/** /og/categories/<slug>.jpg and /og/conditions/<slug>.jpg: a browse page's share image, with its first product's photo. */
export const getStaticPaths = (async () => {
  const { products } = await getCatalogue();
  return [...categoryGroups(products), ...conditionGroups(products)].map((group) => ({ params: { kind: group.kind, slug: group.slug }, props: { group } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ group: BrowseGroup }> = async ({ props: { group } }) => {
  const first = group.products[0]!;
  const count = group.products.length;
  const card = {
    eyebrow: group.kind === 'categories' ? 'Category' : 'Condition',
    title: group.kind === 'categories' ? group.name : browseTitle(group),
    details: [`${count} ${count === 1 ? 'product' : 'products'}, delivered to your door`],
    picture: productShareFacts(first).picture,
  };
  return new Response(new Uint8Array(await renderShareImage(card, await readPublicPicture(card.picture))), { headers: { 'Content-Type': 'image/jpeg' } });
};

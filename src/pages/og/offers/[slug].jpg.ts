import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { offerDate } from '../../../features/catalogue/campaign';
import { readPublicPicture } from '../../../features/share-images/server/share-cards';
import { renderShareImage } from '../../../features/share-images/server/share-image';

/** /og/offers/<slug>.jpg: an offer's share image, from its hero picture, title and dates. */
export const getStaticPaths = (async () => (await getCollection('campaigns')).map((campaign) => ({ params: { slug: campaign.id }, props: { campaign } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ campaign: CollectionEntry<'campaigns'> }> = async ({ props: { campaign } }) => {
  const { title, description, hero, end } = campaign.data;
  const card = { eyebrow: 'Offer', title, details: [description, `Until ${offerDate(end)}`], picture: hero };
  return new Response(new Uint8Array(await renderShareImage(card, await readPublicPicture(hero))), { headers: { 'Content-Type': 'image/jpeg' } });
};

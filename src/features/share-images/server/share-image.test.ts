import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixtureProducts } from '../../../../tests/e2e/support/fixture-catalogue';
import { productShareCard, productShareFacts, readPublicPicture } from './share-cards';
import { renderShareImage, SHARE_IMAGE_MAX_BYTES, shareCardSvg } from './share-image';
import { SHARE_IMAGE_SIZE } from './share-paths';

// The fixture catalogue the browser tests use; its first product sold below MRP.
const [discounted] = fixtureProducts((product) => product.current_price_paise < product.mrp_paise);

describe('share images', () => {
  it('draws a product as a 1200x630 JPEG under 100 KB, with its photo', async () => {
    const card = productShareCard(productShareFacts(discounted!));
    const image = await renderShareImage(card, await readPublicPicture(card.picture));
    const { width, height, format } = await sharp(image).metadata();
    expect({ width, height, format }).toEqual({ ...SHARE_IMAGE_SIZE, format: 'jpeg' });
    expect(image.length).toBeLessThanOrEqual(SHARE_IMAGE_MAX_BYTES);
    // The photo panel is not the plain background the image has without a picture.
    const without = await renderShareImage({ ...card, picture: null }, null);
    const panel = (jpeg: Buffer) => sharp(jpeg).extract({ left: 60, top: 80, width: 480, height: 470 }).stats();
    expect((await panel(image)).entropy).toBeGreaterThan((await panel(without)).entropy + 1);
  });

  it('carries the selling price, the struck MRP and the discount when the product sells below MRP', () => {
    const card = productShareCard(productShareFacts(discounted!));
    expect(card.title).toBe(discounted!.name);
    expect(card.details[0]).toBe(discounted!.quantity);
    expect(card.price?.mrp).toMatch(/^₹/);
    expect(card.price?.off).toMatch(/^\d+% off$/);
    // A struck MRP draws a line through it; the full-price card has none.
    const fullPrice = { ...card, price: { selling: card.price!.selling } };
    expect(shareCardSvg(card)).toContain('<rect x=');
    expect(shareCardSvg(fullPrice)).not.toContain('<rect x=');
  });
});

describe('share image pictures', () => {
  const card = productShareCard(productShareFacts(discounted!));
  const panel = async (image: Buffer) => (await sharp(image).extract({ left: 60, top: 80, width: 480, height: 470 }).stats()).entropy;

  it('draws a JPEG picture as well as a WebP one', async () => {
    const photo = await sharp((await readPublicPicture(card.picture))!).jpeg().toBuffer();
    const image = await renderShareImage(card, photo);
    expect((await sharp(image).metadata()).format).toBe('jpeg');
    expect(await panel(image)).toBeGreaterThan((await panel(await renderShareImage({ ...card, picture: null }, null))) + 1);
  });

  it('refuses a picture in a format it cannot draw, naming the card', async () => {
    await expect(renderShareImage(card, Buffer.from('GIF89a not really'))).rejects.toThrow(`The picture of "${card.title}" is not a JPEG, PNG, SVG or WebP image.`);
  });
});

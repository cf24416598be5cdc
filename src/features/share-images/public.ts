/** Share images (Open Graph) of the pages marketing links to; see share-image.ts. */
export { PRODUCT_SHARE_IMAGES_UP_TO, SHARE_IMAGE_SIZE, productShareImagesAtBuild, shareImagePath, type SharedPageKind } from './share-paths';

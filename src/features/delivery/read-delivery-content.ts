import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDeliveryContent, type DeliveryContent } from '../../domain/delivery-content';

/** Where the delivery content is read from: content/delivery, edited by content editors; DELIVERY_DIR swaps in another folder (the tests' fixture). */
export const DELIVERY_DIRECTORY = process.env.DELIVERY_DIR ?? path.join('content', 'delivery');

/** The file in a delivery content folder. */
export const deliveryContentFile = (directory: string): string => path.join(directory, 'delivery.json');

/**
 * The delivery content this build uses, as the build checked it: the browser bundle and the
 * functions import this one file (delivery-integration.ts writes it), so both follow DELIVERY_DIR.
 */
export const BUILT_DELIVERY_FILE = path.join('.generated', 'delivery.json');

/** Reads and validates the delivery content for the build and the server; a mistake names the file and field. */
export async function readDeliveryContent(file: string = deliveryContentFile(DELIVERY_DIRECTORY)): Promise<{ content: DeliveryContent; text: string }> {
  const text = await readFile(file, 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`Delivery content ${file} is not valid JSON: ${(error as Error).message}`);
  }
  return { content: parseDeliveryContent(raw, file), text };
}

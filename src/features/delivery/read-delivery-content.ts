import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDeliveryContent, type DeliveryContent } from '../../domain/delivery-content';

/** content/delivery/delivery.json, edited by content editors. */
export const DELIVERY_CONTENT_FILE = path.join('content', 'delivery', 'delivery.json');

/** Reads and validates the delivery content for the build and the server; a mistake names the file and field. */
export async function readDeliveryContent(file: string = DELIVERY_CONTENT_FILE): Promise<DeliveryContent> {
  const text = await readFile(file, 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`Delivery content ${file} is not valid JSON: ${(error as Error).message}`);
  }
  return parseDeliveryContent(raw, file);
}

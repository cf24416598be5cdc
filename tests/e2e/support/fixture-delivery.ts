/**
 * The delivery content the suite builds and runs against (tests/fixtures/delivery, chosen with
 * DELIVERY_DIR by scripts/test.sh), read through the same parser the build uses. Specs take every
 * PIN code they type from here, so an edit to content/delivery never reaches them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zoneOfPinCode } from '../../../src/domain/delivery';
import { parseDeliveryContent } from '../../../src/domain/delivery-content';
import { unserviceablePinCode } from '../../../emulators/shiprocket/index.ts';

export const FIXTURE_DELIVERY = 'tests/fixtures/delivery';
export const FIXTURE_DELIVERY_FILE = path.resolve(import.meta.dirname, '../../fixtures/delivery/delivery.json');

const content = parseDeliveryContent(JSON.parse(readFileSync(FIXTURE_DELIVERY_FILE, 'utf8')), FIXTURE_DELIVERY);

function firstPinCodeOfZone(codAllowed: boolean): string {
  const zone = content.zones.find((candidate) => candidate.codAllowed === codAllowed);
  if (!zone) throw new Error(`${FIXTURE_DELIVERY} has no zone with codAllowed ${codAllowed}`);
  return String(zone.pinCodes[0]!.first);
}

/** A PIN code of a zone that takes cash on delivery. */
export const codPinCode = firstPinCodeOfZone(true);
/** A PIN code of a zone we deliver to without cash on delivery. */
export const noCodPinCode = firstPinCodeOfZone(false);
/**
 * A well-formed PIN code nobody delivers to: no zone claims it, and the courier provider's emulator
 * serves no PIN code of the Andaman and Nicobar Islands (emulators/shiprocket).
 */
export const undeliverablePinCode = (() => {
  let pin = 744101;
  while (zoneOfPinCode(String(pin), content) || !unserviceablePinCode(String(pin))) pin += 1;
  return String(pin);
})();
/** A PIN code no zone claims that the courier provider serves (Pune's GPO). */
export const courierPinCode = (() => {
  if (zoneOfPinCode('411001', content)) throw new Error(`${FIXTURE_DELIVERY} claims 411001: the courier specs need a PIN code beyond the own zones`);
  return '411001';
})();

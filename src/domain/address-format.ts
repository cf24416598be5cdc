/** The parts of an address shown on one line; zod-free so lists can show addresses without loading the schema. */
export type AddressLine = { line1: string; area: string; landmark: string | null; city: string; pin_code: string; state: string };

/** One line for lists and order summaries: "Flat 4B, 12 MG Road, Indiranagar, Bengaluru 560038, Karnataka". */
export function formatAddress(address: AddressLine): string {
  return [address.line1, address.area, address.landmark, `${address.city} ${address.pin_code}`, address.state].filter(Boolean).join(', ');
}

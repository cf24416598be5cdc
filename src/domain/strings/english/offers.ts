/** An offer page's own words around the offer's content (which its editor writes). */
export const offers = {
  title: '{title} | Offers | MediKart',
  offers: 'Offers',
  ended: "This offer ended on {date}. Its products are listed below at today's prices.",
  upcoming: 'This offer starts on {date}.',
  running: 'Offer valid until {date}.',
  dates: '{start} to {end}',
  useCode: 'Use code {code} in your cart.',
  products: { one: '{count} product in this offer', other: '{count} products in this offer' },
} as const;

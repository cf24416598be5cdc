/** The order page's block about the courier's parcel (issue 39). */
export const parcel = {
  heading: 'Your parcel',
  sentWith: 'Sent with {courier}, AWB {awb}',
  track: "Track it on the courier's site",
  latestScans: 'Latest scans',
  noScans: 'The courier has not scanned it yet.',
  failedBecause: 'The courier could not deliver it: {reason}',
  statusBooked: 'Booked with the courier',
  statusPickedUp: 'Picked up',
  statusInTransit: 'On its way',
  statusOutForDelivery: 'Out for delivery',
  statusDeliveryFailed: 'Delivery attempt failed',
  statusDelivered: 'Delivered',
  statusRtoInTransit: 'Coming back to us',
  statusReturnedToOrigin: 'Returned to us undelivered',
  statusCancelled: 'Shipment cancelled',
  statusLost: 'Lost by the courier',
} as const;

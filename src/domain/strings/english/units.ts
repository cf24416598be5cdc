/** The units a price per unit names (the pack's measure or count); any other the feed gives is printed as given. */
export const units = {
  tablet: 'tablet',
  capsule: 'capsule',
  ml: 'ml',
  gm: 'gm',
  pack: 'pack',
  unit: 'unit',
} as const;

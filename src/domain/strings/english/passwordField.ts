/** A password field's Show/Hide, in every form that has one. */
export const passwordField = {
  show: 'Show',
  hide: 'Hide',
  showField: 'Show {field}',
  hideField: 'Hide {field}',
} as const;

/** The Reorder page's address: a past order (with a guest's order key), or a refill reminder's line with its key. */
export const reorderPagePath = (query: { order: string; key?: string } | { reminder: string; key: string }): string => `/reorder?${new URLSearchParams(query)}`;

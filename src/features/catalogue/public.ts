/** What other features use of the catalogue: the shop's product search (the desk picks products with it). */
export { openSearch, type SearchClient } from './search-client';
export { fetchSearchFile, SEARCH_MANIFEST_URL } from './search-fetch';
export { readSearchCard } from './product-search';

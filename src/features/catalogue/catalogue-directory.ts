/** Where the catalogue's JSON records are read from; CATALOGUE_DIR swaps in another one (the benchmark's). */
export const CATALOGUE_DIRECTORY = process.env.CATALOGUE_DIR ?? './content/catalogue';

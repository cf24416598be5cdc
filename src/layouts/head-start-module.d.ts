declare module 'virtual:head-start' {
  /** Every page's first inline script (head-start.ts). */
  const script: string;
  export default script;
}

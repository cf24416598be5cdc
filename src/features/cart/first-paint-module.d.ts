declare module 'virtual:cart-first-paint' {
  /** /cart's inline first-paint script (first-paint-integration.ts). */
  const script: string;
  export default script;
}

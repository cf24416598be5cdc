declare module 'virtual:order-early-request' {
  /** The order page's and My orders' inline early call (order-early-integration.ts). */
  const script: string;
  export default script;
}

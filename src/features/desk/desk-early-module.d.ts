declare module 'virtual:desk-early-request' {
  /** The desk's inline early reads (desk-early-integration.ts). */
  const script: string;
  export default script;
}

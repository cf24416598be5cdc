const LOCAL_HOST = /\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0)\b|\[::1\]/i;

/**
 * True for an address only this machine answers. Apart from production-env.ts so a function can ask
 * without bundling the local stack's well-known keys that module compares against.
 */
export const isLocalAddress = (value: string): boolean => LOCAL_HOST.test(value);

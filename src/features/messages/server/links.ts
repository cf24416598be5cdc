import { timingSafeEqual } from 'node:crypto';
import { guestOrderToken } from '../../../domain/guest-order-link';
import { requestPagePath } from '../../../domain/prescription-request-contract';
import { requestKey } from '../../../domain/prescription-request-link';
import { DEFAULT_LANGUAGE } from '../../../domain/language';
import { messageLanguageCodes } from '../../../domain/messages';
import { pathIn } from '../../../domain/strings/paths';

/**
 * The links in messages. A mail carries the page's full signed link; an SMS has 160 characters, so
 * it carries a short signed link, /s/<o|r|f>/<id>/<12-character signature>, that the /s function
 * checks and turns into the full link (72 bits of HMAC under ORDER_LINK_SECRET: guessing one is
 * hopeless online). The id is the order or request number, or a refill reminder's id.
 */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

interface LinkEnv {
  ORDER_LINK_SECRET: string;
  SITE_URL: string;
}

export type ShortLinkTarget = { type: 'order' | 'request' | 'reminder'; id: string };

const TYPE_LETTERS = { order: 'o', request: 'r', reminder: 'f' } as const;
const SIGNATURE_CHARACTERS = 12;

async function signature(target: ShortLinkTarget, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signed = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`medikart-short-link:v1:${target.type}:${target.id}`));
  return Buffer.from(signed).subarray(0, (SIGNATURE_CHARACTERS / 4) * 3).toString('base64url');
}

// A reminder's uuid travels as its 16 bytes in base64url (22 characters, not 36).
const compactUuid = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
const expandUuid = (compact: string) => Buffer.from(compact, 'base64url').toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** The short link's path, without the site: also the WhatsApp URL button's suffix. */
export async function shortLinkPath(env: LinkEnv, target: ShortLinkTarget): Promise<string> {
  const id = target.type === 'reminder' ? compactUuid(target.id) : target.id;
  return `s/${TYPE_LETTERS[target.type]}/${id}/${await signature(target, env.ORDER_LINK_SECRET)}`;
}

export async function shortLink(env: LinkEnv, target: ShortLinkTarget): Promise<string> {
  return new URL(`/${await shortLinkPath(env, target)}`, env.SITE_URL).toString();
}

/** The target a short link's path names, or null for anything not signed by us (compared in constant time). */
export async function readShortLink(env: LinkEnv, pathname: string): Promise<ShortLinkTarget | null> {
  const match = /^\/s\/(?:([or])\/([A-Z]{2}-[0-9]{4}-[0-9]{6,12})|(f)\/([A-Za-z0-9_-]{22}))\/([A-Za-z0-9_-]{12})$/.exec(pathname);
  if (!match) return null;
  const target: ShortLinkTarget = match[1] ? { type: match[1] === 'o' ? 'order' : 'request', id: match[2]! } : { type: 'reminder', id: expandUuid(match[4]!) };
  const expected = Buffer.from(await signature(target, env.ORDER_LINK_SECRET));
  const given = Buffer.from(match[5]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? target : null;
}

/**
 * A page of the site in the language the customer chose (kept on their order or request): a message
 * in Hindi opens the Hindi page, on whichever phone or browser it is read. A language the shop has no
 * messages in has no pages either: its customer gets English's, as their messages.
 */
export function inCustomerLanguage(language: string | null | undefined, path: string): string {
  return pathIn(language && messageLanguageCodes.includes(language) ? language : DEFAULT_LANGUAGE, path);
}

export async function orderPageLink(env: LinkEnv, order: { id: string; order_number: string; language?: string | null }): Promise<string> {
  const path = `/orders/${order.order_number}?key=${await guestOrderToken(order.id, env.ORDER_LINK_SECRET)}`;
  return new URL(inCustomerLanguage(order.language, path), env.SITE_URL).toString();
}

export async function requestPageLink(env: LinkEnv, request: { id: string; request_number: string; language?: string | null }): Promise<string> {
  const path = requestPagePath(request.request_number, await requestKey(request.id, env.ORDER_LINK_SECRET));
  return new URL(inCustomerLanguage(request.language, path), env.SITE_URL).toString();
}

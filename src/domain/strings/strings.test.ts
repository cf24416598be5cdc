import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableProblems } from './check';
import { countText, fill } from './format';
import { pathIn, pathUnder, withoutLanguage } from './paths';
import { LANGUAGES, languagesFrom, PREFIXED_LANGUAGES } from './registry';
import english from './languages/en';
import hindi from './languages/hi';
import type { Language, StringTable } from './table';

/** A tiny test language, made the way a translator would make kn.ts: every key of English's table, its own words. */
function testLanguage(): Language {
  const translate = (entry: unknown): unknown =>
    typeof entry === 'string'
      ? `xx ${entry}`
      : Object.fromEntries(Object.entries(entry as Record<string, unknown>).map(([key, value]) => [key, translate(value)]));
  return {
    settings: { code: 'xx', name: 'Test', htmlLang: 'xx', locale: 'en-IN', ogLocale: 'xx_IN' },
    text: translate(english.text) as StringTable,
  };
}

describe('the strings tables', () => {
  it('English and Hindi are the shop languages, English first and unprefixed', () => {
    expect([...LANGUAGES.keys()]).toEqual(['en', 'hi']);
    expect(PREFIXED_LANGUAGES).toEqual(['hi']);
  });

  it.each([...LANGUAGES.values()].map((language) => [language.settings.code, language] as const))('%s has every key of English, with the same values to fill', (_, language) => {
    expect(tableProblems(english.text, language.text)).toEqual([]);
  });

  it('a missing Hindi key, an extra key or a changed value name is reported', () => {
    const broken = structuredClone(hindi.text) as unknown as Record<string, Record<string, unknown>>;
    delete broken.cart!.heading;
    broken.cart!.extra = 'अतिरिक्त';
    broken.delivery!.deliveryBy = '{date} तक डिलीवरी';
    broken.reorder!.added = { one: '{count} दवा' };
    expect(tableProblems(english.text, broken)).toEqual([
      'cart.heading: missing',
      'cart.extra: not a key of English\u2019s table'.replace('\u2019', "'"),
      'delivery.deliveryBy: fills {date} where English fills {when}',
      'reorder.added.other: missing',
    ]);
  });

  it('a third language is one file: the registry takes it, its pages get a prefix, its table is checked', () => {
    const xx = testLanguage();
    const languages = languagesFrom({ './languages/en.ts': english, './languages/hi.ts': hindi, './languages/xx.ts': xx });
    expect([...languages.keys()]).toEqual(['en', 'hi', 'xx']);
    expect(tableProblems(english.text, xx.text)).toEqual([]);
    expect(pathIn('xx', '/products/dolo-650-tablet')).toBe('/xx/products/dolo-650-tablet');
    expect(withoutLanguage('/xx/cart', ['hi', 'xx'])).toEqual({ language: 'xx', path: '/cart' });
    expect(fill(xx.text.delivery.deliveryBy, { when: 'Tue' })).toBe('xx Delivery by Tue');
    expect(() => languagesFrom({ './languages/kn.ts': xx, './languages/en.ts': english })).toThrow('name the file xx.ts');
  });

  it('a third language needs no route folder and no style of its own, only its fonts in the font settings', () => {
    // Pages in a language are routes under [lang] (the product pages drawn on request too: their
    // function's paths are made from the files in languages/), never a folder named for one language.
    const pages = readdirSync(join(import.meta.dirname, '../../pages'), { recursive: true }) as string[];
    expect(pages.filter((page) => LANGUAGES.has(page.split(/[\\/]/)[0]!))).toEqual([]);
    expect(pages).toContain(join('[lang]', 'products', '[product].astro'));
    // The stylesheet styles no language by name: a script's fonts go in --font-sans and nothing else changes.
    const css = readFileSync(join(import.meta.dirname, '../../styles/global.css'), 'utf8');
    expect(css.match(/:lang\(|\[lang[~|^$*]?=/g)).toBeNull();
    expect(css).toMatch(/--font-sans: [^;]*"Noto Sans Devanagari"/);
  });

  it('no code outside the tables names a language other than the default', () => {
    // So adding a language never means editing a page, a component or a script.
    const root = join(import.meta.dirname, '../..');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (file) => /\.(ts|tsx|astro)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith(join('domain', 'strings', 'languages')),
    );
    const code = (file: string) => readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const naming = files.filter((file) => /['"`/]hi['"`/]|lang="hi"/.test(code(file)));
    expect(naming.map((file) => relative(root, join(root, file)))).toEqual([]);
  });
});

describe('addresses in a language', () => {
  it('puts a page under its language', () => {
    expect(pathIn('hi', '/')).toBe('/hi');
    expect(pathIn('hi', '/cart')).toBe('/hi/cart');
    expect(pathIn('en', '/cart')).toBe('/cart');
    expect(pathIn('hi', '/signup')).toBe('/hi/signup');
    expect(pathIn('hi', '/reset-password')).toBe('/hi/reset-password');
    expect(pathIn('hi', '/account')).toBe('/hi/account');
    expect(pathIn('hi', '/account/orders')).toBe('/hi/account/orders');
    expect(pathIn('hi', '/orders/invoice?number=1')).toBe('/hi/orders/invoice?number=1');
    expect(pathIn('hi', '/orders/MK-2611-000001')).toBe('/hi/orders/MK-2611-000001');
    expect(pathUnder('/hi', '/products')).toBe('/hi/products');
    expect(pathUnder('', '/products')).toBe('/products');
    expect(pathUnder('/hi', '/reorder?order=1')).toBe('/hi/reorder?order=1');
    expect(pathUnder('/hi', '/contact-us')).toBe('/hi/contact-us');
    expect(pathUnder('/hi', '/orders/invoice?number=1')).toBe('/hi/orders/invoice?number=1');
  });
});

describe('text with values', () => {
  it('fills values and refuses to print a placeholder', () => {
    expect(fill(english.text.delivery.notServiceable, { pinCode: '110001' })).toBe("We don't deliver to 110001 yet");
    expect(fill(hindi.text.delivery.notServiceable, { pinCode: '110001' })).toBe('हम अभी 110001 पर डिलीवरी नहीं करते');
    expect(() => fill(english.text.delivery.notServiceable)).toThrow('No value for {pinCode}');
  });

  it('chooses a count’s form by the language’s rules', () => {
    expect(countText(english.text.reorder.added, 1, english.settings.locale)).toBe("1 medicine is in your cart at today's price.");
    expect(countText(english.text.reorder.added, 3, english.settings.locale)).toBe("3 medicines are in your cart at today's price.");
    expect(countText(hindi.text.reorder.added, 1, hindi.settings.locale)).toBe('1 दवा आज के दाम पर आपके कार्ट में है।');
    expect(countText(hindi.text.reorder.added, 2, hindi.settings.locale)).toBe('2 दवाएँ आज के दाम पर आपके कार्ट में हैं।');
  });
});

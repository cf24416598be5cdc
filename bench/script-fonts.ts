import { execFileSync } from 'node:child_process';

/**
 * The store downloads no font: a language's words are drawn in the phone's own (styles/global.css),
 * and Android has Noto for every Indian script. A bench machine without one draws Hindi in empty boxes
 * through Chromium's font fallback, which cost its list pages twice the layout time of a phone with the
 * font (Lighthouse TBT 240 ms against 106 ms, a product page's LCP 1.32 s against 1.07 s, 2026-11-28).
 * So Debian's Noto fonts (all Indian scripts, 12 MB) are installed where missing, as the test script
 * installs Chromium, and the figures say which font drew each language.
 */
const NOTO_PACKAGE = 'fonts-noto-core';

const fontsFor = (code: string): string[] => {
  try {
    return [...new Set(execFileSync('fc-list', [`:lang=${code}`, 'family'], { encoding: 'utf8' }).split('\n').filter(Boolean))].sort();
  } catch {
    return [];
  }
};

function install(): boolean {
  if (process.getuid?.() !== 0) return false;
  const apt = (...args: string[]) => execFileSync('apt-get', args, { stdio: 'ignore' });
  try {
    try {
      apt('install', '-y', NOTO_PACKAGE);
    } catch {
      apt('update');
      apt('install', '-y', NOTO_PACKAGE);
    }
    return true;
  } catch {
    return false;
  }
}

/** One line per translated language: the font its pages are measured in, or why they are measured in none. */
export function scriptFonts(codes: string[]): string[] {
  if (codes.some((code) => fontsFor(code).length === 0) && install()) console.log(`Installed Debian's ${NOTO_PACKAGE} so that every language is drawn in a font, as on a phone.`);
  return codes.map((code) => {
    const fonts = fontsFor(code);
    return fonts.length > 0
      ? `/${code} drawn in ${fonts.find((font) => font.startsWith('Noto Sans')) ?? fonts[0]}`
      : `/${code} drawn in NO font (run 'sudo apt-get install -y ${NOTO_PACKAGE}'): its pages' layout and LCP are not a phone's`;
  });
}

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The store downloads no font: a language's words are drawn in the phone's own (styles/global.css),
 * and Android has Noto Sans for every Indian script. A bench machine without one draws Hindi in empty
 * boxes through Chromium's font fallback, which cost its list page twice a phone's layout time
 * (Lighthouse TBT 240 ms against 106 ms) and its product page's LCP 1.32 s against 1.07 s (2026-11-28).
 * So the Noto Sans files of the Indian scripts are taken from Debian's fonts-noto-core (downloaded,
 * not installed) into the user's font folder where a translated language has no font. Only those:
 * the whole package would also change the fonts Latin text is drawn in, and with them the browser
 * tests' screenshots.
 */
const NOTO_PACKAGE = 'fonts-noto-core';
const INDIAN_SCRIPTS = /^NotoSans(Devanagari|Bengali|Gujarati|Gurmukhi|Kannada|Malayalam|Oriya|Tamil|Telugu)(UI)?-(Regular|Bold)\.ttf$/;
const USER_FONTS = path.join(homedir(), '.local', 'share', 'fonts', 'noto-indian-scripts');

const fontsFor = (code: string): string[] => {
  try {
    return [...new Set(execFileSync('fc-list', [`:lang=${code}`, 'family'], { encoding: 'utf8' }).split('\n').filter(Boolean))].sort();
  } catch {
    return [];
  }
};

function addIndianScriptFonts(): boolean {
  const work = mkdtempSync(path.join(tmpdir(), 'noto-'));
  try {
    execFileSync('apt-get', ['download', NOTO_PACKAGE], { cwd: work, stdio: 'ignore' });
    const deb = readdirSync(work).find((file) => file.endsWith('.deb'));
    if (!deb) return false;
    execFileSync('dpkg-deb', ['-x', deb, 'files'], { cwd: work });
    const fonts = path.join(work, 'files', 'usr', 'share', 'fonts', 'truetype', 'noto');
    mkdirSync(USER_FONTS, { recursive: true });
    for (const file of readdirSync(fonts).filter((name) => INDIAN_SCRIPTS.test(name))) copyFileSync(path.join(fonts, file), path.join(USER_FONTS, file));
    execFileSync('fc-cache', [USER_FONTS]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** One line per translated language: the font its pages are measured in, or why they are measured in none. */
export function scriptFonts(codes: string[]): string[] {
  if (codes.some((code) => fontsFor(code).length === 0) && addIndianScriptFonts()) {
    console.log(`Added the Indian scripts' Noto Sans fonts from Debian's ${NOTO_PACKAGE} to ${USER_FONTS}, as a phone has them.`);
  }
  return codes.map((code) => {
    const fonts = fontsFor(code);
    return fonts.length > 0
      ? `/${code} drawn in ${fonts.find((font) => font.startsWith('Noto Sans')) ?? fonts[0]}`
      : `/${code} drawn in NO font (apt-get download ${NOTO_PACKAGE} failed): its pages' layout and LCP are not a phone's`;
  });
}

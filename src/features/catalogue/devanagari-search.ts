/*
 * Search in Devanagari (issue 40): a customer who types पैरासिटामोल, डोलो or मेटफॉर्मिन finds what
 * paracetamol, dolo or metformin find. The index stays Latin (the feed's text); a Devanagari word is
 * compared with its terms by sound. Both sides become a sound key: consonants by their sound with
 * aspiration and retroflexion dropped (फ and ph are f, थ and th are t, ट is t, श and sh are s, ज and
 * z are j, c is k or s as English reads it), and every run of vowels one 'V', since English spelling
 * and Hindi vowels do not agree (पै and 'pa', सि and 'ce' are both consonant + V). Hindi drops the
 * inherent 'a' at a word's end and between a vowel-consonant and a consonant-vowel (मेटफॉर्मिन is
 * metformin, not metaformina); English drops a final 'e' after a consonant (amlodipine).
 */

/** The sound key of a Latin index term ('paracetamol' -> 'pVrVsVtVmVl'). */
export function latinSoundKey(term: string): string {
  let key = '';
  const at = (index: number) => term[index] ?? '';
  const isVowel = (letter: string) => 'aeiou'.includes(letter) && letter !== '';
  for (let index = 0; index < term.length; index += 1) {
    const letter = term[index]!;
    const next = at(index + 1);
    if (letter === 'e' && index === term.length - 1 && index >= 3 && !isVowel(at(index - 1))) break;
    if (next === 'h' && 'ptdkgbsj'.includes(letter)) {
      key += letter === 'p' ? 'f' : letter;
      index += 1;
      continue;
    }
    if (letter === 'c') {
      // 'ch' is च, but k before l or r (chlor-, chrom-); 'ck' is one k.
      if (next === 'h') {
        key += 'lr'.includes(at(index + 2)) ? 'k' : 'c';
        index += 1;
      } else key += 'eiy'.includes(next) && next !== '' ? 's' : 'k';
      continue;
    }
    if (letter === 'g') key += 'eiy'.includes(next) && next !== '' ? 'j' : 'g';
    else if (letter === 'q') key += next === 'u' ? ((index += 1), 'kv') : 'k';
    else if (letter === 'x') key += 'ks';
    else if (letter === 'z') key += 'j';
    else if (letter === 'w') key += 'v';
    else if (letter === 'y') key += isVowel(next) && (index === 0 || isVowel(at(index - 1))) ? 'y' : 'V';
    else if (isVowel(letter)) key += 'V';
    else if (letter === 'h' && index > 0 && !isVowel(at(index - 1))) continue;
    else key += letter;
  }
  return squeeze(key);
}

/** One letter after another of the same sound is one sound ('ll', 'VV', 'kk'). */
function squeeze(key: string): string {
  let out = '';
  for (const letter of key) if (letter !== out.at(-1)) out += letter;
  return out;
}

/** A consonant: its sound in the key, and how English may spell its start (to pick the index shards). */
interface Consonant {
  sound: string;
  spellings: readonly string[];
}

const consonant = (sound: string, ...spellings: string[]): Consonant => ({ sound, spellings });
const K = consonant('k', 'c', 'k', 'q');
const T = consonant('t', 't');
const TH = consonant('t', 't', 'th');
const D = consonant('d', 'd');
const DH = consonant('d', 'd', 'dh');
const CONSONANTS: Readonly<Record<string, Consonant>> = {
  क: K, ख: consonant('k', 'k', 'kh', 'c'), ग: consonant('g', 'g', 'gh'), घ: consonant('g', 'g', 'gh'), ङ: consonant('n', 'n'),
  च: consonant('c', 'c', 'ch'), छ: consonant('c', 'ch', 'c'), ज: consonant('j', 'j', 'g', 'z'), झ: consonant('j', 'j', 'jh', 'z'), ञ: consonant('n', 'n'),
  ट: T, ठ: TH, ड: D, ढ: DH, ण: consonant('n', 'n'),
  त: T, थ: TH, द: D, ध: DH, न: consonant('n', 'n'),
  प: consonant('p', 'p'), फ: consonant('f', 'f', 'ph'), ब: consonant('b', 'b'), भ: consonant('b', 'b', 'bh'), म: consonant('m', 'm'),
  य: consonant('y', 'y'), र: consonant('r', 'r'), ल: consonant('l', 'l'), ळ: consonant('l', 'l'), व: consonant('v', 'v', 'w'),
  श: consonant('s', 's', 'sh'), ष: consonant('s', 's', 'sh'), स: consonant('s', 's', 'c'), ह: consonant('h', 'h'),
};
/** With a nukta: क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़. */
const NUKTA_CONSONANTS: Readonly<Record<string, Consonant>> = {
  क: consonant('k', 'q', 'k', 'c'), ख: consonant('k', 'kh', 'k'), ग: consonant('g', 'g', 'gh'), ज: consonant('j', 'z', 'j', 'x'),
  ड: consonant('r', 'r', 'd'), ढ: consonant('r', 'r', 'rh'), फ: consonant('f', 'f', 'ph'), य: consonant('y', 'y'),
};

/** How English may spell the start of each Hindi vowel (the letters of the index shards to look in). */
const VOWEL_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  a: ['a', 'u', 'o', 'e'],
  aa: ['a'],
  i: ['i', 'e', 'y'],
  u: ['u', 'o'],
  e: ['e', 'a'],
  ai: ['a', 'e'],
  o: ['o', 'a'],
  au: ['o', 'a'],
  ri: ['r'],
};
const VOWEL_SIGNS: Readonly<Record<string, string>> = {
  '\u093e': 'aa', '\u093f': 'i', '\u0940': 'i', '\u0941': 'u', '\u0942': 'u', '\u0943': 'ri', '\u0944': 'ri',
  '\u0945': 'e', '\u0946': 'e', '\u0947': 'e', '\u0948': 'ai', '\u0949': 'o', '\u094a': 'o', '\u094b': 'o', '\u094c': 'au',
};
const INDEPENDENT_VOWELS: Readonly<Record<string, string>> = {
  अ: 'a', आ: 'aa', इ: 'i', ई: 'i', उ: 'u', ऊ: 'u', ऋ: 'ri', ॠ: 'ri', ऍ: 'e', ऎ: 'e', ए: 'e', ऐ: 'ai', ऑ: 'o', ऒ: 'o', ओ: 'o', औ: 'au',
};
const VIRAMA = '\u094d';
const NUKTA = '\u093c';
const ANUSVARA = '\u0902';

/** A Devanagari word as sounds: a consonant (with its vowel: a sign, none after a virama, or the inherent 'a'), or a vowel. */
type Sound = { kind: 'consonant'; consonant: Consonant; vowel: string | null; inherent: boolean } | { kind: 'vowel'; vowel: string };

/** True when the text holds a Devanagari letter or sign (not only a danda or digits). */
export function hasDevanagari(text: string): boolean {
  return /[\u0900-\u0963\u0970-\u097f]/.test(text);
}

function sounds(word: string): Sound[] {
  const out: Sound[] = [];
  const letters = [...word.normalize('NFD')];
  for (let index = 0; index < letters.length; index += 1) {
    const letter = letters[index]!;
    const last = out.at(-1);
    if (letter === NUKTA) continue;
    const base = letters[index + 1] === NUKTA ? NUKTA_CONSONANTS[letter] : undefined;
    const found = base ?? CONSONANTS[letter];
    if (found) out.push({ kind: 'consonant', consonant: found, vowel: 'a', inherent: true });
    else if (VOWEL_SIGNS[letter] && last?.kind === 'consonant') Object.assign(last, { vowel: VOWEL_SIGNS[letter], inherent: false });
    else if (letter === VIRAMA && last?.kind === 'consonant') Object.assign(last, { vowel: null, inherent: false });
    else if (INDEPENDENT_VOWELS[letter]) out.push({ kind: 'vowel', vowel: INDEPENDENT_VOWELS[letter] });
    // An anusvara before a consonant is its nasal: n, or m before p, b and m (जेंटा, कॉम्बि).
    else if (letter === ANUSVARA) out.push({ kind: 'consonant', consonant: consonant('n', 'n', 'm'), vowel: null, inherent: false });
    // Anything else (a chandrabindu's nasal vowel, a visarga) has no letter of its own in English spellings.
  }
  dropSchwas(out);
  return out;
}

/** Hindi's schwa deletion, right to left: the last consonant's inherent 'a', and one between a vowel-consonant and a consonant-vowel. */
function dropSchwas(word: Sound[]): void {
  const voiced = (sound: Sound | undefined) => sound !== undefined && (sound.kind === 'vowel' || sound.vowel !== null);
  for (let index = word.length - 1; index >= 0; index -= 1) {
    const sound = word[index]!;
    if (sound.kind !== 'consonant' || !sound.inherent) continue;
    const isLast = index === word.length - 1;
    const next = word[index + 1];
    const between = index > 0 && voiced(word[index - 1]) && next?.kind === 'consonant' && voiced(next);
    if ((isLast && index > 0) || between) sound.vowel = null;
  }
}

/** The sound key of a Devanagari word ('मेटफॉर्मिन' -> 'mVtfVrmVn'). */
export function devanagariSoundKey(word: string): string {
  let key = '';
  const parts = sounds(word);
  parts.forEach((sound, index) => {
    const before = parts[index - 1];
    if (sound.kind === 'vowel') key += sound.vowel === 'ri' ? 'rV' : 'V';
    // As English spells them: य after i or e is the glide of 'ia' (niacinamide, पोटैशियम), and h after a consonant is silent (chlorhexidine).
    else if (sound.consonant.sound === 'y' && before?.kind === 'consonant' && ['i', 'e', 'ai'].includes(before.vowel ?? '') && sound.vowel !== null) key += 'V';
    else if (sound.consonant.sound === 'h' && before?.kind === 'consonant' && before.vowel === null) key += sound.vowel === null ? '' : 'V';
    else {
      const next = parts[index + 1];
      const nasalBeforeLips = sound.consonant.sound === 'n' && sound.vowel === null && next?.kind === 'consonant' && 'pbm'.includes(next.consonant.sound);
      key += nasalBeforeLips ? 'm' : sound.consonant.sound;
      if (sound.vowel !== null) key += sound.vowel === 'ri' ? 'rV' : 'V';
    }
  });
  return squeeze(key);
}

/** Devanagari digits (०-९) as the index writes numbers, so '५००' finds 500. */
export function withLatinDigits(text: string): string {
  return text.replace(/[\u0966-\u096f]/g, (digit) => String(digit.charCodeAt(0) - 0x966));
}

/** The query split into Devanagari words and the Latin text between them (danda and digits are not letters). */
export function devanagariRuns(text: string): { text: string; devanagari: boolean }[] {
  return withLatinDigits(text)
    .split(/([\u0900-\u0963\u0970-\u097f]+)/)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, devanagari: hasDevanagari(part) }));
}

/**
 * The two-letter starts an English spelling of the word may have: the index shards (gram/<two
 * letters>, search-engine.ts) that hold its terms. पैरा -> pa, pe; सि -> si, se, sy, ci, ce, cy.
 * From a later place in its sound key (fromKey), the same for the sounds from there on: a term one
 * typo from the word holds them too when the typo is in its first sounds (as the English search
 * looks up a word's 4th and 5th letters).
 */
export function devanagariStarts(word: string, fromKey = 0): string[] {
  const all = sounds(word);
  // Each sound's share of the key: a consonant and its vowel, or a vowel.
  let keyLength = 0;
  const from = all.findIndex((sound) => (keyLength += sound.kind === 'vowel' || sound.vowel === null ? 1 : 2) > fromKey);
  if (from < 0) return [];
  const parts = all.slice(from);
  const spellings = (sound: Sound): string[] => {
    if (sound.kind === 'vowel') return [...VOWEL_SPELLINGS[sound.vowel]!];
    const starts = sound.consonant.spellings;
    return sound.vowel === null ? [...starts] : starts.flatMap((start) => (start.length >= 2 ? [start] : VOWEL_SPELLINGS[sound.vowel!]!.map((vowel) => start + vowel)));
  };
  if (parts.length === 0) return [];
  const [head, then] = [parts[0]!, parts[1]];
  const first = spellings(head);
  // 'ch' spells k before l and r (chlorhexidine, chromium); elsewhere it is च.
  if (head.kind === 'consonant' && head.consonant === K && head.vowel === null && then?.kind === 'consonant' && 'lr'.includes(then.consonant.sound)) first.push('ch');
  const second = then ? spellings(then) : [''];
  const starts = new Set<string>();
  for (const start of first) {
    if (start.length >= 2) starts.add(start.slice(0, 2));
    else for (const then of second) if (then !== '') starts.add(start + then[0]);
  }
  return [...starts];
}

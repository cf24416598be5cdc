import { describe, expect, it } from 'vitest';
import { devanagariRuns, devanagariSoundKey, devanagariStarts, hasDevanagari, latinSoundKey, withLatinDigits } from './devanagari-search';

describe('sound keys: a Devanagari word and its English spelling sound alike', () => {
  it('gives the issue words the key of paracetamol, dolo and metformin', () => {
    expect(devanagariSoundKey('पैरासिटामोल')).toBe('pVrVsVtVmVl');
    expect(latinSoundKey('paracetamol')).toBe('pVrVsVtVmVl');
    expect(devanagariSoundKey('डोलो')).toBe(latinSoundKey('dolo'));
    expect(devanagariSoundKey('मेटफॉर्मिन')).toBe('mVtfVrmVn');
    expect(latinSoundKey('metformin')).toBe('mVtfVrmVn');
  });

  it('matches the salts and brands of the catalogue, however the Hindi vowels are written', () => {
    const pairs: [string, string][] = [
      ['मेटफोर्मिन', 'metformin'],
      ['मेटफार्मिन', 'metformin'],
      ['पेरासिटामोल', 'paracetamol'],
      ['एम्लोडिपिन', 'amlodipine'],
      ['सेटिरिज़िन', 'cetirizine'],
      ['ग्लाइकोमेट', 'glycomet'],
      ['क्रोसिन', 'crocin'],
      ['एज़िथ्रोमाइसिन', 'azithromycin'],
      ['पैंटोप्राज़ोल', 'pantoprazole'],
      ['क्लोरहेक्सिडिन', 'chlorhexidine'],
      ['जेंटामाइसिन', 'gentamicin'],
      ['हाइड्रोक्लोराइड', 'hydrochloride'],
      ['मोंटेलुकास्ट', 'montelukast'],
      ['डाइक्लोफेनाक', 'diclofenac'],
      ['नियासिनामाइड', 'niacinamide'],
      ['पोटैशियम', 'potassium'],
      ['कॉम्बिफ्लेम', 'combiflam'],
    ];
    for (const [hindi, english] of pairs) expect(devanagariSoundKey(hindi), hindi).toBe(latinSoundKey(english));
  });

  it("drops the inherent 'a' at the end and between a vowel-consonant and a consonant-vowel, and keeps it elsewhere", () => {
    // एमलोडिपिन written without the virama is still amlodipine; कफ is 'kaf'.
    expect(devanagariSoundKey('एमलोडिपिन')).toBe(latinSoundKey('amlodipine'));
    expect(devanagariSoundKey('कफ')).toBe('kVf');
    // The 'a' of फ stays before a consonant cluster (र्म): मेटफर्मिन is 'metafarmin', one letter from metformin.
    expect(devanagariSoundKey('मेटफर्मिन')).toBe('mVtfVrmVn');
  });

  it('hears aspirates, retroflexes and the nukta as English spells them', () => {
    expect(devanagariSoundKey('थ')).toBe(devanagariSoundKey('त'));
    expect(devanagariSoundKey('फ़ेन')).toBe(latinSoundKey('phen'));
    expect(latinSoundKey('phen')).toBe('fVn');
    expect(devanagariSoundKey('ज़िंक')).toBe(latinSoundKey('zinc'));
  });

  it('drops a silent final e of an English term but not a short word', () => {
    expect(latinSoundKey('amlodipine')).toBe('VmlVdVpVn');
    expect(latinSoundKey('gel')).toBe('jVl');
    expect(latinSoundKey('one')).toBe('VnV');
  });
});

describe('where a Devanagari word is looked for', () => {
  it('names the two-letter starts of its English spellings', () => {
    expect(devanagariStarts('पैरासिटामोल').sort()).toEqual(['pa', 'pe']);
    expect(devanagariStarts('डोलो').sort()).toEqual(['da', 'do']);
    expect(devanagariStarts('मेटफॉर्मिन').sort()).toEqual(['ma', 'me']);
    expect(devanagariStarts('सेटिरिज़िन').sort()).toEqual(['ca', 'ce', 'sa', 'se']);
    // क before l or r may be spelled ch (chlorhexidine).
    expect(devanagariStarts('क्लोरहेक्सिडिन').sort()).toEqual(['ch', 'cl', 'kl', 'ql']);
    expect(devanagariStarts('एम्लोडिपिन').sort()).toEqual(['am', 'em']);
  });

  it('names the starts of its sounds from the 4th letter of its key on, for a slip in the first sounds', () => {
    expect(devanagariStarts('मेटफॉर्मिन', 3).sort()).toEqual(['fa', 'fo', 'ph']);
    expect(devanagariStarts('पैरासिटामोल', 3)).toEqual(['ra']);
    expect(devanagariStarts('डो', 3)).toEqual([]);
  });

  it('splits a query into Devanagari words and the rest, with Devanagari digits as numbers', () => {
    expect(withLatinDigits('डोलो ६५०')).toBe('डोलो 650');
    expect(devanagariRuns('डोलो ६५० tablet')).toEqual([
      { text: 'डोलो', devanagari: true },
      { text: ' 650 tablet', devanagari: false },
    ]);
    expect(hasDevanagari('।')).toBe(false);
    expect(hasDevanagari('क')).toBe(true);
  });
});

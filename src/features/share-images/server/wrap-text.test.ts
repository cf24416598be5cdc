import { describe, expect, it } from 'vitest';
import { wrapText } from './wrap-text';

// Every character 10 px wide.
const measure = (text: string) => text.length * 10;

describe('wrapping a share image’s text', () => {
  it('breaks at spaces within the width', () => {
    expect(wrapText('Metformin 500mg Tablet SR', measure, 160, 3)).toEqual(['Metformin 500mg', 'Tablet SR']);
  });

  it('ends the last line with an ellipsis when the text does not fit', () => {
    expect(wrapText('Carboxymethylcellulose 0.5% Eye Drops for dry eyes', measure, 120, 2)).toEqual(['Carboxymethy', 'lcellulose…']);
    expect(wrapText('one two three four five six', measure, 90, 2)).toEqual(['one two', 'three…']);
  });

  it('keeps short text on one line and gives nothing for empty text', () => {
    expect(wrapText('  Cetirizine  ', measure, 200, 2)).toEqual(['Cetirizine']);
    expect(wrapText('', measure, 200, 2)).toEqual([]);
  });
});

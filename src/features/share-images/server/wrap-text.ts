/**
 * Breaks text into at most `maxLines` lines no wider than `maxWidth` (as `measure` gives widths),
 * at spaces; a word wider than a line is cut, and text that does not fit ends the last line with "…".
 */
export function wrapText(text: string, measure: (line: string) => number, maxWidth: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  let next = 0;
  while (next < words.length) {
    const word = words[next]!;
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= maxWidth) {
      line = candidate;
      next += 1;
      continue;
    }
    if (line) {
      lines.push(line);
      line = '';
    } else {
      let cut = word;
      while (cut.length > 1 && measure(cut) > maxWidth) cut = cut.slice(0, -1);
      lines.push(cut);
      words[next] = word.slice(cut.length);
      if (!words[next]) next += 1;
    }
    if (lines.length === maxLines) break;
  }
  if (line) lines.push(line);
  else if (next < words.length && lines.length > 0) {
    let last = lines[lines.length - 1]!;
    while (last.length > 1 && measure(`${last}…`) > maxWidth) last = last.slice(0, -1).trimEnd();
    lines[lines.length - 1] = `${last}…`;
  }
  return lines;
}

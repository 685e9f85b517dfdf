/**
 * A text cut into display lines of at most `width` code units: at its own line breaks,
 * else after the last space in the second half of the width, else hard (never inside a
 * surrogate pair). `FullText.vue` shows a mebibyte this way, a few dozen lines at a
 * time, because one long run of text makes Chromium's line breaking superlinear.
 */
export function textLines(text: string, width: number): string[] {
  const max = Math.max(8, Math.floor(width));
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\n|\r/)) {
    let from = 0;
    if (paragraph.length === 0) lines.push('');
    while (from < paragraph.length) {
      if (paragraph.length - from <= max) {
        lines.push(paragraph.slice(from));
        break;
      }
      // Only the line's own window is searched: a backward search from its end would
      // walk the whole paragraph when it has no space, once per line.
      const half = Math.floor(max / 2);
      const space = paragraph.slice(from + half, from + max).lastIndexOf(' ');
      let to = space < 0 ? 0 : from + half + space + 1;
      if (to <= from) {
        to = from + max;
        const code = paragraph.charCodeAt(to - 1);
        if (code >= 0xd800 && code <= 0xdbff) to--;
      }
      lines.push(paragraph.slice(from, to));
      from = to;
    }
  }
  return lines;
}

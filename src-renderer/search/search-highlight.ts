/** A run of text, marked when it is a word the search matched. Shown as text nodes, never HTML. */
export interface Piece {
  readonly text: string;
  readonly hit: boolean;
}

/** Words as the index splits them: runs of letters, marks and digits. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Splits `text` into pieces, marking the words `isHit` accepts. With `window`, keeps about
 * that many characters around the first hit (with … where text was cut), so a long body
 * shows the part that matched.
 */
export function highlightPieces(text: string, isHit: (word: string) => boolean, window?: number): Piece[] {
  const words: { start: number; end: number; hit: boolean }[] = [];
  for (const match of text.matchAll(WORD)) {
    words.push({ start: match.index, end: match.index + match[0].length, hit: isHit(match[0]) });
  }
  let from = 0;
  let to = text.length;
  if (window !== undefined && text.length > window) {
    const first = words.find((w) => w.hit);
    from = first ? Math.max(0, first.start - Math.floor(window / 3)) : 0;
    to = Math.min(text.length, from + window);
    // Start and end on word boundaries where one is near.
    const startWord = words.find((w) => w.end > from);
    if (from > 0 && startWord && startWord.start - from < 20) from = startWord.start;
  }
  const pieces: Piece[] = [];
  const push = (piece: Piece) => {
    if (piece.text.length === 0) return;
    const last = pieces[pieces.length - 1];
    if (last && last.hit === piece.hit) pieces[pieces.length - 1] = { text: last.text + piece.text, hit: last.hit };
    else pieces.push(piece);
  };
  if (from > 0) push({ text: '…', hit: false });
  let at = from;
  for (const word of words) {
    if (word.end <= from || !word.hit) continue;
    if (word.start >= to) break;
    push({ text: text.slice(at, Math.max(at, word.start)), hit: false });
    push({ text: text.slice(Math.max(at, word.start), Math.min(to, word.end)), hit: true });
    at = Math.min(to, word.end);
  }
  push({ text: text.slice(at, to), hit: false });
  if (to < text.length) push({ text: '…', hit: false });
  return pieces;
}

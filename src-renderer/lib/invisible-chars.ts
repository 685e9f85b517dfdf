/**
 * Characters that change how a name looks without being seen: direction overrides and
 * isolates (U+202E makes "evil" read "live"), zero-width spaces and joiners, and every
 * other format character (Unicode category Cf), controls (Cc), line and paragraph
 * separators, and the blank Hangul fillers. Where a name identifies something, they are
 * shown as a visible marker such as `⟨U+202E⟩`, as VS Code's Unicode highlighting does,
 * so two names that look alike stay apart and a marker cannot reorder the text around it.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');
/** A zero-width joiner between two pictographs builds one emoji (👩‍💻): that one is what it seems. */
const EMOJI_BEFORE = /\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

export interface TextPiece {
  readonly text: string;
  /** True for a marker standing for one invisible character. */
  readonly invisible: boolean;
}

/** The marker shown for an invisible character: `⟨U+202E⟩`. */
export function markerOf(char: string): string {
  return `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** Whether a text holds any character {@link splitInvisibles} would mark. */
export function hasInvisibles(text: string): boolean {
  return INVISIBLE.test(text);
}

function isEmojiJoiner(text: string, index: number): boolean {
  return text[index] === '\u200D' && EMOJI_BEFORE.test(text.slice(Math.max(0, index - 4), index)) && EMOJI_AFTER.test(text.slice(index + 1, index + 3));
}

/** A text as plain pieces and markers, in order; a text without invisible characters is one piece. */
export function splitInvisibles(text: string): TextPiece[] {
  if (!hasInvisibles(text)) return [{ text, invisible: false }];
  const pieces: TextPiece[] = [];
  let from = 0;
  for (const match of text.matchAll(INVISIBLE_ALL)) {
    const at = match.index;
    if (isEmojiJoiner(text, at)) continue;
    if (at > from) pieces.push({ text: text.slice(from, at), invisible: false });
    pieces.push({ text: markerOf(match[0]), invisible: true });
    from = at + match[0].length;
  }
  if (from < text.length) pieces.push({ text: text.slice(from), invisible: false });
  return pieces;
}

/** A text with its invisible characters replaced by markers, for places that take only a string (pickers, tooltips). */
export function markInvisibles(text: string): string {
  return hasInvisibles(text) ? splitInvisibles(text).map((p) => p.text).join('') : text;
}

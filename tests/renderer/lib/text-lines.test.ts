import { describe, expect, it } from 'vitest';
import { textLines } from '../../../src-renderer/lib/text-lines.js';

describe('textLines', () => {
  it.each([
    ['short text stays one line', 'hello world', 20, ['hello world']],
    ['breaks after the last space in the second half of the width', 'aaaa bbbb cccc dddd', 10, ['aaaa bbbb ', 'cccc dddd']],
    ['cuts a run without spaces at the width', 'abcdefghijklmnopqrstuvwxyz', 10, ['abcdefghij', 'klmnopqrst', 'uvwxyz']],
    ['keeps the text’s own line breaks, empty lines included', 'one\n\ntwo\r\nthree', 10, ['one', '', 'two', 'three']],
    ['never splits a surrogate pair', `${'a'.repeat(9)}😀b`, 10, ['a'.repeat(9), '😀b']],
    ['ignores a space in the first half (would make a short line)', 'ab cdefghijklmn', 10, ['ab cdefghi', 'jklmn']],
  ])('%s', (_, text, width, lines) => {
    expect(textLines(text, width)).toEqual(lines);
  });

  it('loses no character and keeps every line within the width', () => {
    const text = `${'x'.repeat(5000)} ${'word '.repeat(800)}\n${'漢字'.repeat(700)}`;
    const lines = textLines(text, 37);
    expect(lines.join('').length + 1).toBe(text.length);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(37);
  });
});

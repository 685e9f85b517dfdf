import { describe, expect, it } from 'vitest';
import { gridTarget } from '../../../src-renderer/lib/grid-keys.js';

const MILLION = 1_000_000;

describe('moving the active row of a list grid by keyboard', () => {
  it('steps by one row with the arrows, and starts at the top when no row is active', () => {
    expect(gridTarget('ArrowDown', -1, 10, 5)).toBe(0);
    expect(gridTarget('ArrowUp', -1, 10, 5)).toBe(0);
    expect(gridTarget('ArrowDown', 3, 10, 5)).toBe(4);
    expect(gridTarget('ArrowUp', 3, 10, 5)).toBe(2);
  });

  it('stops at the first and the last row', () => {
    expect(gridTarget('ArrowUp', 0, 10, 5)).toBe(0);
    expect(gridTarget('ArrowDown', 9, 10, 5)).toBe(9);
    expect(gridTarget('PageDown', 8, 10, 5)).toBe(9);
    expect(gridTarget('PageUp', 2, 10, 5)).toBe(0);
  });

  it('moves a screenful with PageUp and PageDown, at least one row', () => {
    expect(gridTarget('PageDown', 0, MILLION, 25)).toBe(25);
    expect(gridTarget('PageUp', 500_000, MILLION, 25)).toBe(499_975);
    expect(gridTarget('PageDown', 7, MILLION, 0)).toBe(8);
  });

  it('jumps to either end of a million rows with Home and End (Ctrl or not)', () => {
    expect(gridTarget('End', 12, MILLION, 25)).toBe(MILLION - 1);
    expect(gridTarget('Home', MILLION - 1, MILLION, 25)).toBe(0);
  });

  it('keeps an active row past the end of a list that shrank inside it', () => {
    expect(gridTarget('ArrowUp', 50, 10, 5)).toBe(8);
    expect(gridTarget('ArrowDown', 50, 10, 5)).toBe(9);
  });

  it('leaves other keys and empty lists to the browser', () => {
    expect(gridTarget('a', 0, 10, 5)).toBeNull();
    expect(gridTarget('Enter', 0, 10, 5)).toBeNull();
    expect(gridTarget('ArrowDown', -1, 0, 5)).toBeNull();
  });
});

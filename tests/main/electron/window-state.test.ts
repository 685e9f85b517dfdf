import { describe, expect, it } from 'vitest';
import { restoreWindowState, windowStateToSave } from '../../../src-main/electron/window-state.js';

const primary = { x: 0, y: 0, width: 1920, height: 1040 };
const second = { x: 1920, y: 0, width: 1280, height: 1000 };

describe('window state', () => {
  it.each([
    ['no saved state: default size, centred', null, [primary], { x: 320, y: 120, width: 1280, height: 800, maximized: false }],
    ['saved on the primary screen', { x: 10, y: 20, width: 900, height: 700, maximized: true }, [primary], { x: 10, y: 20, width: 900, height: 700, maximized: true }],
    ['saved on a second screen that is still there', { x: 2000, y: 50, width: 800, height: 600, maximized: false }, [primary, second], { x: 2000, y: 50, width: 800, height: 600, maximized: false }],
    ['saved on a screen since unplugged', { x: 2000, y: 50, width: 800, height: 600, maximized: true }, [primary], { x: 320, y: 120, width: 1280, height: 800, maximized: true }],
    ['only a sliver visible', { x: 1880, y: 10, width: 800, height: 600, maximized: false }, [primary], { x: 320, y: 120, width: 1280, height: 800, maximized: false }],
    ['a small screen caps the default', null, [{ x: 0, y: 0, width: 1024, height: 700 }], { x: 0, y: 0, width: 1024, height: 700, maximized: false }],
  ] as const)('%s', (_label, saved, areas, expected) => {
    expect(restoreWindowState(saved, areas, areas[0]!)).toEqual(expected);
  });

  it('saves rounded normal bounds and the maximized flag', () => {
    expect(windowStateToSave({ x: 10.4, y: 20.6, width: 800.2, height: 600.9 }, true)).toEqual({ x: 10, y: 21, width: 800, height: 601, maximized: true });
  });
});

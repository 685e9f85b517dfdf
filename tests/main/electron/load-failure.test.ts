import { describe, expect, it } from 'vitest';
import { loadFailure } from '../../../src-main/electron/load-failure.js';

describe('load failure', () => {
  it.each([
    ['a replaced navigation', Object.assign(new Error('ERR_ABORTED (-3) loading app://outpost/'), { code: 'ERR_ABORTED', errno: -3 }), null],
    ['the same by errno only', { errno: -3, message: 'aborted' }, null],
    ['a missing file', Object.assign(new Error('ERR_FILE_NOT_FOUND (-6) loading app://outpost/'), { code: 'ERR_FILE_NOT_FOUND', errno: -6 }), 'ERR_FILE_NOT_FOUND (-6)'],
    ['a refused dev server', Object.assign(new Error('ERR_CONNECTION_REFUSED (-102)'), { code: 'ERR_CONNECTION_REFUSED', errno: -102 }), 'ERR_CONNECTION_REFUSED'],
    ['something that is not an error', 'odd', 'odd'],
  ])('%s', (_label, error, shown) => {
    const failure = loadFailure(error, 'app://outpost/index.html');
    if (shown === null) expect(failure).toBeNull();
    else {
      expect(failure?.title).toBe('Outpost could not load its window');
      expect(failure?.detail).toContain(shown);
      expect(failure?.detail).toContain('app://outpost/index.html');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { feedChannel, mayInstallUpdate, type InstallInput } from '../../../src-main/core/updates/install-policy.js';

const quiet = { loaded: true, sending: 0, uncertain: 0 };

describe('mayInstallUpdate', () => {
  it.each<[string, InstallInput, ReturnType<typeof mayInstallUpdate>]>([
    ['ready, outbox quiet', { update: 'ready', outbox: quiet }, { install: true }],
    ['nothing downloaded', { update: 'idle', outbox: quiet }, { install: false, reason: 'no-update' }],
    ['still downloading', { update: 'downloading', outbox: quiet }, { install: false, reason: 'no-update' }],
    ['checking', { update: 'checking', outbox: quiet }, { install: false, reason: 'no-update' }],
    ['after an error', { update: 'error', outbox: quiet }, { install: false, reason: 'no-update' }],
    ['no services (workspace switch)', { update: 'ready', outbox: null }, { install: false, reason: 'switching' }],
    ['journal not read yet', { update: 'ready', outbox: { ...quiet, loaded: false } }, { install: false, reason: 'outbox-not-loaded' }],
    ['an edit on the wire', { update: 'ready', outbox: { ...quiet, sending: 1 } }, { install: false, reason: 'edit-sending' }],
    ['an uncertain create', { update: 'ready', outbox: { ...quiet, uncertain: 1 } }, { install: false, reason: 'edit-uncertain' }],
    ['uncertain and sending: uncertain is named (it needs the user)', { update: 'ready', outbox: { loaded: true, sending: 2, uncertain: 1 } }, { install: false, reason: 'edit-uncertain' }],
    ['nothing ready and an edit sending: no update is the first reason', { update: 'idle', outbox: { ...quiet, sending: 1 } }, { install: false, reason: 'no-update' }],
  ])('%s', (_name, input, expected) => expect(mayInstallUpdate(input)).toEqual(expected));
});

describe('feedChannel', () => {
  it.each([['stable', 'latest'], ['beta', 'beta']] as const)('%s → %s.yml', (channel, file) => expect(feedChannel(channel)).toBe(file));
});

import { describe, expect, it } from 'vitest';
import { withSecret, type ConnectionConfig } from '../../../../src-main/core/connection/connection-config.js';

const token: ConnectionConfig = { kind: 'token', baseUrl: 'https://t.example', token: 'old' };
const client: ConnectionConfig = { kind: 'client', baseUrl: 'https://t.example', clientId: 'id', clientSecret: 'old', scopes: ['a'] };

describe('withSecret', () => {
  it.each([
    ['a token for a token connection', token, { token: 'new' }, { ...token, token: 'new' }],
    ['a client secret for a client connection', client, { clientSecret: 'new' }, { ...client, clientSecret: 'new' }],
    ['a client secret for a token connection', token, { clientSecret: 'new' }, null],
    ['a token for a client connection', client, { token: 'new' }, null],
    ['nothing', token, {}, null],
    ['anything for the demo', { kind: 'demo' } as const, { token: 'new' }, null],
  ])('%s', (_, config, update, expected) => {
    expect(withSecret(config, update)).toEqual(expected);
  });
});

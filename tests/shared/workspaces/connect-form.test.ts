import { describe, expect, it } from 'vitest';
import { EMPTY_CONNECT_FORM, validateConnectForm, type ConnectFormInput } from '../../../src-shared/workspaces/index.js';

const client = (over: Partial<ConnectFormInput> = {}): ConnectFormInput => ({
  ...EMPTY_CONNECT_FORM,
  baseUrl: 'https://acme.workplace.example',
  clientId: 'outpost',
  clientSecret: 's3cret',
  ...over,
});

describe('validateConnectForm', () => {
  it('builds a client-credentials draft with the defaults of Advanced', () => {
    expect(validateConnectForm(client())).toEqual({
      ok: true,
      draft: {
        baseUrl: 'https://acme.workplace.example',
        auth: { kind: 'client', clientId: 'outpost', clientSecret: 's3cret' },
        scopePrefix: 'svc.api',
        requestBudgetPerMinute: 100,
      },
    });
  });

  it.each([
    ['acme.workplace.example', 'https://acme.workplace.example'],
    ['  https://acme.workplace.example/  ', 'https://acme.workplace.example'],
    ['https://acme.workplace.example/api/v1.4/userGroups', 'https://acme.workplace.example'],
    ['https://acme.workplace.example/tenant/api', 'https://acme.workplace.example/tenant'],
    ['HTTPS://ACME.example:8443', 'https://acme.example:8443'],
    ['http://127.0.0.1:4000', 'http://127.0.0.1:4000'],
    ['http://localhost:4000/', 'http://localhost:4000'],
  ])('reads the address %j as %j', (typed, url) => {
    const result = validateConnectForm(client({ baseUrl: typed }));
    expect(result.ok && result.draft.baseUrl).toBe(url);
  });

  it.each([
    ['', /Enter the workspace/],
    ['ftp://acme.example', /https:\/\//],
    ['http://acme.example', /unencrypted/],
    ['https://user:pw@acme.example', /user name and password/],
    ['https://acme.example/?tenant=1', /without \?/],
    ['https://acme example', /not a web address/],
    ['https://acme.example:99999', /port/],
  ])('refuses the address %j', (typed, message) => {
    const result = validateConnectForm(client({ baseUrl: typed }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.baseUrl).toMatch(message);
  });

  it('asks for both halves of client credentials', () => {
    const result = validateConnectForm(client({ clientId: ' ', clientSecret: '' }));
    expect(result).toEqual({ ok: false, errors: { clientId: 'Enter the client id', clientSecret: 'Enter the client secret' } });
  });

  it('takes a pasted token, without a Bearer prefix, ignoring the client fields', () => {
    const result = validateConnectForm(client({ authKind: 'token', token: ' Bearer eyJ.abc.def ', clientId: '', clientSecret: '' }));
    expect(result.ok && result.draft.auth).toEqual({ kind: 'token', token: 'eyJ.abc.def' });
  });

  it.each([
    ['', /Paste an access token/],
    ['eyJ abc', /no spaces/],
  ])('refuses the token %j', (token, message) => {
    const result = validateConnectForm(client({ authKind: 'token', token }));
    expect(!result.ok && result.errors.token).toMatch(message);
  });

  it('reads Advanced: another scope prefix, a budget, or none', () => {
    const result = validateConnectForm(client({ scopePrefix: ' tenant.api ', requestBudget: '' }));
    expect(result.ok && [result.draft.scopePrefix, result.draft.requestBudgetPerMinute]).toEqual(['tenant.api', null]);
    const empty = validateConnectForm(client({ scopePrefix: '', requestBudget: '60' }));
    expect(empty.ok && [empty.draft.scopePrefix, empty.draft.requestBudgetPerMinute]).toEqual(['svc.api', 60]);
  });

  it.each([
    [{ scopePrefix: 'svc api' }, 'scopePrefix'],
    [{ requestBudget: '0' }, 'requestBudget'],
    [{ requestBudget: '12.5' }, 'requestBudget'],
    [{ requestBudget: 'lots' }, 'requestBudget'],
  ] as const)('refuses Advanced %j', (over, field) => {
    const result = validateConnectForm(client(over));
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors)).toEqual([field]);
  });
});

import { describe, expect, it } from 'vitest';
import { APP_VERSION, appInfo } from '../../../../src-main/core/commands/app-info.js';

describe('appInfo', () => {
  it.each([
    ['demo', 'http://127.0.0.1:4000', 'Demo workspace'],
    ['remote', 'https://acme.example:8443/tenant', 'acme.example:8443'],
    ['remote', 'not a url', 'not a url'],
  ] as const)('%s at %s is called %s', (mode, baseUrl, workspaceName) => {
    expect(appInfo(mode, baseUrl, 'harness')).toEqual({ mode, workspaceName, baseUrl, version: APP_VERSION, shell: 'harness' });
  });
});

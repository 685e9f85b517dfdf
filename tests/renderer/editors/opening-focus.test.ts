// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { focusOpeningField } from '../../../src-renderer/editors/opening-focus.js';

function drawer(html: string): HTMLElement {
  document.body.innerHTML = `<button id="close">×</button><div id="fields">${html}</div>`;
  document.getElementById('close')!.focus();
  return document.getElementById('fields')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the field an editor focuses once its drawer has opened', () => {
  it('is the first field, past disabled and hidden inputs', () => {
    const fields = drawer('<input type="hidden" id="h"><input id="off" disabled><input id="name"><input id="phone">');
    focusOpeningField(fields);
    expect(document.activeElement?.id).toBe('name');
  });

  it('is the first field the server refused when an edit is reopened to be fixed', () => {
    const fields = drawer('<input id="name"><div class="n-form-item-blank n-form-item-blank--error"><input id="phone"></div>');
    focusOpeningField(fields);
    expect(document.activeElement?.id).toBe('phone');
  });

  it('stays where the user already put it, so what they type goes where they clicked', () => {
    const fields = drawer('<input id="name"><input id="phone">');
    document.getElementById('phone')!.focus();
    focusOpeningField(fields);
    expect(document.activeElement?.id).toBe('phone');
  });
});

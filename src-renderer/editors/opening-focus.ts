const FIELD = 'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), [contenteditable="true"]';

/**
 * Where an editor's focus goes once its drawer has opened: the first field the server
 * refused (a reopened edit is there to fix it), else the first field. The drawer's own
 * focus is on its close button until then; a user who has already clicked into a field
 * keeps it, so what they type meanwhile is not sent into another field.
 */
export function focusOpeningField(fields: HTMLElement | null): void {
  if (!fields) return;
  const active = fields.ownerDocument.activeElement;
  if (active && active !== fields && fields.contains(active)) return;
  const refused = fields.querySelector<HTMLElement>(`.n-form-item-blank--error :is(${FIELD})`);
  (refused ?? fields.querySelector<HTMLElement>(FIELD))?.focus();
}

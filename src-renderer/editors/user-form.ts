import { parseRequest, setOpOf, userPatchPaths, type PatchOperation } from '../../src-shared/api/index.js';
import { problemsOf, type FormProblems } from './post-form.js';

/** Every patch path of E19 the document shows, as form fields. */
export interface UserForm {
  name: string;
  phoneCountryCode: number | null;
  phoneNumber: string;
  title: string;
  /** External id → a string, or a list of strings (one per line in the editor). */
  customFields: { key: string; value: string; multiple: boolean }[];
  gender: string;
  initials: string;
  registerNumber: string;
  dutyPlanNumber: string;
  imageId: string;
  memberCardId: string;
  cardNumber: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function userFormFromRow(row: Readonly<Record<string, unknown>>): UserForm {
  const phone = (row.phoneNumber ?? {}) as Record<string, unknown>;
  const image = (row.image ?? {}) as Record<string, unknown>;
  const card = (row.memberCard ?? {}) as Record<string, unknown>;
  const custom = row.customFields && typeof row.customFields === 'object' ? (row.customFields as Record<string, unknown>) : {};
  return {
    name: str(row.name),
    phoneCountryCode: typeof phone.countryCode === 'number' ? phone.countryCode : null,
    phoneNumber: str(phone.number),
    title: str(row.title),
    customFields: Object.entries(custom).map(([key, value]) =>
      Array.isArray(value) ? { key, value: value.map(String).join('\n'), multiple: true } : { key, value: str(value), multiple: false },
    ),
    gender: str(row.gender),
    initials: str(row.initials),
    registerNumber: str(row.registerNumber),
    dutyPlanNumber: str(row.dutyPlanNumber),
    imageId: str(image.id),
    memberCardId: str(card.id),
    cardNumber: str(card.cardNumber),
  };
}

function customFieldsValue(form: UserForm): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const f of form.customFields) {
    if (!f.key.trim()) continue;
    out[f.key.trim()] = f.multiple ? f.value.split('\n').map((s) => s.trim()).filter(Boolean) : f.value;
  }
  return out;
}

/** The op the document shows for a path when it sets a value (the catalogue's op table). */
function setOp(path: string): 'add' | 'replace' {
  const op = setOpOf(userPatchPaths, path);
  if (!op) throw new Error(`${path} is not a patchable user path`);
  return op;
}

const SIMPLE = ['name', 'gender', 'initials', 'registerNumber', 'dutyPlanNumber', 'imageId', 'memberCardId', 'cardNumber'] as const;

/**
 * The E19 operations that turn `original` into `form`. A cleared title is removed
 * (the document's `remove`); other cleared text fields are left as they were, since
 * the document shows no way to clear them.
 */
export function userPatchOpsOf(original: UserForm, form: UserForm): PatchOperation[] {
  const ops: PatchOperation[] = [];
  for (const key of SIMPLE) {
    const next = form[key].trim();
    if (next !== original[key].trim() && next !== '') ops.push({ op: setOp(`/${key}`), path: `/${key}`, value: next });
  }
  if (form.title.trim() !== original.title.trim()) {
    ops.push(form.title.trim() === '' ? { op: 'remove', path: '/title' } : { op: setOp('/title'), path: '/title', value: form.title.trim() });
  }
  if (form.phoneCountryCode !== original.phoneCountryCode || form.phoneNumber.trim() !== original.phoneNumber.trim()) {
    ops.push({ op: setOp('/phoneNumber'), path: '/phoneNumber', value: { countryCode: form.phoneCountryCode, number: form.phoneNumber.trim() } });
  }
  const before = customFieldsValue(original);
  const after = customFieldsValue(form);
  if (JSON.stringify(before) !== JSON.stringify(after)) ops.push({ op: setOp('/customFields'), path: '/customFields', value: after });
  return ops;
}

/** Validates a user patch as the server would; problems by path, or the operations. */
export function validateUserPatch(ops: PatchOperation[]): { ops: PatchOperation[] } | { problems: FormProblems } {
  try {
    return { ops: parseRequest('E19', ops) };
  } catch (error) {
    return { problems: problemsOf(error) };
  }
}

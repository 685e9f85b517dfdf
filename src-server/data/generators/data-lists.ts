import type { Random } from '../prng.js';
import type { Row, RowGenerator } from '../row-generator.js';
import type { WorldContext } from '../world-context.js';
import type { CustomFieldSpec, DataListSpec } from '../world-spec.js';
import { ADJECTIVES, culturesFor, NOUNS, SENTENCES, titleIn } from '../vocabulary.js';
import { defineGenerator } from './define-generator.js';
import { mediaList } from './media.js';

/**
 * One custom field value: exactly one of value, locales, medias, dataListItems is
 * populated, by type (the document's rule 2); the others are null. A Media field
 * without media has no value: null, and the item leaves it out. `first` (the list's
 * first item) always has media, so every type shows up.
 */
function fieldValue(ctx: WorldContext, field: CustomFieldSpec, fieldId: string, random: Random, nouns: { adj: number; noun: number }, first: boolean): Row | null {
  const entry: Row = { dataListCustomFieldId: fieldId, url: null, type: field.type, value: null, locales: null, medias: null, dataListItems: null };
  switch (field.type) {
    case 'Barcode':
      entry['value'] = String(random.range(100_000, 999_999)) + String(random.range(1_000_000, 9_999_999));
      break;
    case 'Color':
      entry['value'] = `#${random.int(0xffffff).toString(16).padStart(6, '0')}`;
      break;
    case 'Date':
      entry['value'] = new Date(Date.UTC(2024, random.int(24), 1 + random.int(28))).toISOString().slice(0, 10);
      break;
    case 'Number':
      entry['value'] = String(random.range(1, 5000) / (random.chance(0.5) ? 1 : 10));
      break;
    case 'Media': {
      const medias = mediaList(ctx.codec('media'), random, 2, first ? 0 : 0.2);
      if (medias.length === 0) return null;
      entry['medias'] = medias;
      break;
    }
    case 'Data List':
    case 'DataList':
      entry['dataListItems'] = Array.from({ length: random.range(1, 3) }, () => ({
        type: 'User',
        id: ctx.randomUser(random).id,
        url: null,
      }));
      break;
    default:
      if (field.multilingual) {
        entry['locales'] = culturesFor(random).map((culture) => ({ culture, value: titleIn(culture, nouns.adj + 1, nouns.noun + 3) }));
      } else if (field.type === 'Multiline Text') {
        entry['value'] = `${random.pick(SENTENCES['en-GB'])}\n${random.pick(SENTENCES['en-GB'])}`;
      } else {
        entry['value'] = random.pick(SENTENCES['en-GB']);
      }
  }
  return entry;
}

/** E1: items of a Standard data list; hidden custom fields are omitted. */
export function dataListItemsGenerator(ctx: WorldContext, dataListId: string, list: DataListSpec): RowGenerator {
  const fieldCodec = ctx.codec(`customFields:${dataListId}`);
  const fieldIds = list.fields.map((_, f) => fieldCodec.encode(f));
  const prefix = list.name.slice(0, 2).toUpperCase();
  return defineGenerator({
    seed: ctx.seed,
    salt: `items:${dataListId}`,
    size: list.size,
    sortOrder: true,
    build(i, random, t, id) {
      const nouns = { adj: random.int(ADJECTIVES['en-GB'].length), noun: random.int(NOUNS['en-GB'].length) };
      return {
        id,
        url: null,
        customId: `${prefix}-${String(i + 1).padStart(6, '0')}`,
        sortOrder: i + 1,
        isEnabled: random.chance(0.85),
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
        locales: culturesFor(random).map((culture) => ({ culture, title: titleIn(culture, nouns.adj, nouns.noun) })),
        customFieldValues: list.fields.flatMap((field, f) => {
          const value = field.hidden ? null : fieldValue(ctx, field, fieldIds[f]!, random, nouns, i === 0);
          return value === null ? [] : [value];
        }),
      };
    },
  });
}

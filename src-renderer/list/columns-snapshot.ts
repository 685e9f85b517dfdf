import type { EndpointId } from '../../src-shared/api/index.js';
import type { OverlayEntry } from '../../src-shared/store/index.js';
import type { CodedColumnData } from './coded-column.js';

/** A list's columns as stored (listCaches, part 'columns'): typed arrays and one text of every key. */
export interface ColumnsSnapshot {
  readonly endpoint: EndpointId;
  readonly seq: number;
  readonly live: number;
  readonly keyText: string;
  /** Where each slot's key ends in `keyText`. */
  readonly keyEnds: Uint32Array;
  readonly keyOrder: Uint32Array;
  readonly place: Float64Array;
  readonly writtenAt: Float64Array;
  readonly fields: Readonly<Record<string, CodedColumnData>>;
  readonly chunks: Float64Array;
  readonly passes: readonly string[];
  readonly local: readonly (readonly [number, OverlayEntry])[];
}

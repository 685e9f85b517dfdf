import { browser } from './browser-globals.js';
import { PAGE_GLOBAL, type RxdbPageApi } from './page-api.js';
import { rxdbMirror } from './rxdb-mirror.js';

/** The RxDB peer on its own page, with the Dexie version RxDB ships with. */
const api: RxdbPageApi = { rxdbMirror };
browser[PAGE_GLOBAL] = api;

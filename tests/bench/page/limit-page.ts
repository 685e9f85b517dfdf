import { browser } from './browser-globals.js';
import { bulkPutLimit } from './bulk-put-limit.js';
import { PAGE_GLOBAL, type LimitPageApi } from './page-api.js';

/** Limit (a) on its own page: it loads our Dexie, the RxDB page loads RxDB's own. */
const api: LimitPageApi = { bulkPutLimit };
browser[PAGE_GLOBAL] = api;

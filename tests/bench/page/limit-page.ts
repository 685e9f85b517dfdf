import { browser } from './browser-globals.js';
import { bulkPutLimit } from './bulk-put-limit.js';
import { deleteDatabases } from './delete-databases.js';
import { PAGE_GLOBAL, type LimitPageApi } from './page-api.js';

/** Limit (a) on its own page: it loads our Dexie, the RxDB page loads RxDB's own. */
const api: LimitPageApi = { bulkPutLimit, deleteDatabases };
browser[PAGE_GLOBAL] = api;

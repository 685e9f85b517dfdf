import { browser } from './browser-globals.js';
import { PAGE_GLOBAL, type SearchPageApi } from './page-api.js';
import { dropIndex, indexSynthetic, indexWorkspace, makeSynthetic, querySynthetic } from './search-bench.js';

/** The search index on its own page: the app's index code, fed the workspace's rows or synthetic ones. */
const api: SearchPageApi = { indexWorkspace, makeSynthetic, indexSynthetic, querySynthetic, dropIndex };
browser[PAGE_GLOBAL] = api;

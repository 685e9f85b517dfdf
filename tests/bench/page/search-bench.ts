import { createRandom } from '../../../src-server/data/prng.js';
import { endpoints, rowKey } from '../../../src-shared/api/index.js';
import { SearchIndex } from '../../../src-renderer/search/search-index.js';
import { highlightText, queryWords, scoreText } from '../../../src-renderer/search/search-rank.js';
import { searchTextOf, type SearchText } from '../../../src-renderer/search/search-text.js';
import { localPath } from './browser-globals.js';
import type { PageScope, SearchBuildResult, SearchQueryResult } from './page-api.js';

/**
 * The search section's page side: the app's own index code (search-index.ts,
 * search-text.ts, search-rank.ts) on the workspace's rows, downloaded as the mirror
 * would, and on a million synthetic rows. Only indexing counts in the build time (not
 * the download); a query is the index's candidates plus their ranking, as the worker
 * does it, with the rows' texts at hand (the worker reads them from IndexedDB).
 */
let index: SearchIndex | null = null;
let texts: SearchText[] = [];

export async function dropIndex(): Promise<void> {
  index = null;
  texts = [];
}

export async function indexWorkspace(options: { scopes: PageScope[]; token: string }): Promise<SearchBuildResult> {
  index = new SearchIndex();
  const headers = { authorization: `Bearer ${options.token}` };
  let rows = 0;
  let ms = 0;
  let downloadMs = 0;
  for (const scope of options.scopes) {
    const endpoint = endpoints[scope.endpoint];
    for (let path: string | null = scope.firstPath; path; ) {
      const fetched = performance.now();
      const response = await fetch(path, { headers });
      if (!response.ok) throw new Error(`${scope.scope}: HTTP ${response.status}`);
      const body = (await response.json()) as { data?: Record<string, unknown>[]; nextUrl?: string | null };
      downloadMs += performance.now() - fetched;
      const data = body.data ?? [];
      const started = performance.now();
      for (const row of data) index.upsert(`${scope.scope}|${rowKey(endpoint, row)}`, searchTextOf(row));
      ms += performance.now() - started;
      rows += data.length;
      path = data.length > 0 && body.nextUrl ? localPath(body.nextUrl) : null;
    }
  }
  return { rows, indexed: index.size, ms, downloadMs };
}

/** Seeded random numbers (the reference server's mulberry32), so every run asks the same. */
function random(seed: number): () => number {
  const stream = createRandom(seed);
  return () => stream.next();
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ra', 'to', 'vi', 'sa', 'pe', 'du', 'gor', 'ban', 'tel', 'mar', 'qui', 'zen', 'fal', 'dor', 'lin', 'ost', 'ber', 'cha', 'wex', 'yul'];
let vocabulary: string[] = [];

/**
 * A million rows shaped like data-list items, the biggest list with text: a custom id
 * and a title of 2–4 words, values of 3–7 words, from 20,000 words used unevenly
 * (a few often, most rarely), as names and texts are.
 */
export async function makeSynthetic(options: { rows: number }): Promise<void> {
  const next = random(1);
  const words = new Set<string>();
  while (words.size < 20_000) {
    let w = '';
    for (let i = 2 + Math.floor(next() * 3); i > 0; i--) w += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    words.add(w);
  }
  vocabulary = [...words];
  const word = () => vocabulary[Math.floor(next() * next() * vocabulary.length)]!;
  const phrase = (n: number) => Array.from({ length: n }, word).join(' ');
  texts = Array.from({ length: options.rows }, (_, i) => ({ title: `EQ-${String(i).padStart(7, '0')} ${phrase(2 + Math.floor(next() * 3))}`, body: phrase(3 + Math.floor(next() * 5)) }));
}

/** Indexes the synthetic rows (made apart, so the index's memory is measured alone). */
export async function indexSynthetic(): Promise<SearchBuildResult> {
  index = new SearchIndex();
  const started = performance.now();
  for (let i = 0; i < texts.length; i++) index.upsert(String(i), texts[i]!);
  return { rows: texts.length, indexed: index.size, ms: performance.now() - started };
}

/** Queries of four kinds in turn: a whole word, its first four letters, a misspelling (two letters swapped), two words the second unfinished. */
export async function querySynthetic(options: { queries: number }): Promise<SearchQueryResult> {
  if (!index) throw new Error('no index built');
  const next = random(7);
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < options.queries; i++) {
    const w = vocabulary[Math.floor(next() * next() * vocabulary.length)]!;
    const other = vocabulary[Math.floor(next() * vocabulary.length)]!;
    const at = 1 + Math.floor(next() * (w.length - 2));
    const query = [w, w.slice(0, 4), w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2), `${other} ${w.slice(0, 5)}`][i % 4]!;
    const started = performance.now();
    const terms = queryWords(query);
    const { exact, fuzzy } = index.candidates(terms.join(' '), 200);
    // As the worker does: score every candidate, highlight the 50 shown.
    const scored = [...exact, ...fuzzy].map((ref) => ({ text: texts[Number(ref)]!, score: scoreText(terms, texts[Number(ref)]!) ?? 0 })).filter((r) => r.score > 0);
    scored.sort((a, b) => b.score - a.score);
    const ranked = scored.slice(0, 50).map((r) => highlightText(terms, r.text));
    times.push(performance.now() - started);
    if (ranked.length > 0) found++;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { queries: times.length, found, p50: at(0.5), p95: at(0.95), max: times[times.length - 1]! };
}

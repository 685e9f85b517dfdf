// Zod 4 builds a fast object parser with `new Function` and probes whether eval is
// allowed as each object schema is built. Our CSP forbids eval, so the probe raised a
// CSP violation report on every load. Jitless (`z.config({ jitless: true })`) skips
// both. It must be set before the first schema is built, which happens as the bundled
// chunks load, before any code of the entry module runs; so this is a classic script
// that index.html runs ahead of the modules, and it sets the config object zod reads
// (`globalThis.__zod_globalConfig`, which `z.config` writes) without importing zod.
// tests/e2e/hostile-sizes.spec.ts fails if a load raises a CSP report again.
(globalThis.__zod_globalConfig ??= {}).jitless = true;

import { z } from 'zod';

/**
 * Zod compiles a fast object parser with `new Function`, and first probes whether eval
 * is allowed. Our CSP forbids eval, so the probe raised a CSP violation report on every
 * load. Jitless skips both the probe and the compiled path; it must run before the
 * first schema is parsed, so `main.ts` imports this module first.
 */
z.config({ jitless: true });

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEMO_SOURCES_PATH } from '../../src-shared/api/index.js';
import { faultPatch } from '../faults/fault-settings.js';
import { isLoopback } from './loopback.js';
import { problem, validationProblem } from './problem.js';
import { sendProblem } from './send-json.js';
import type { ServerContext } from './server-context.js';

function local(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress);
}

/**
 * Outside the API paths: `/demo/sources` (the roots the API cannot list, which the
 * demo app configures itself from) and `/demo/faults` (read, change or reset the
 * injected faults at run time, from this machine only).
 */
export function registerDemoRoutes(app: FastifyInstance, ctx: ServerContext, options: { publishSources: boolean } = { publishSources: true }): void {
  if (options.publishSources) app.get(DEMO_SOURCES_PATH, async () => ctx.store.world.sources);

  app.get('/demo/faults', async (request, reply) => {
    if (!local(request)) return sendProblem(reply, problem(403, 'Faults can be read from this machine only.'));
    return ctx.faults.get();
  });

  app.post('/demo/faults', async (request, reply) => {
    if (!local(request)) return sendProblem(reply, problem(403, 'Faults can be changed from this machine only.'));
    const parsed = faultPatch.safeParse(request.body ?? {});
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (errors[issue.path.join('.') || '$'] ??= []).push(issue.message);
      return sendProblem(reply, validationProblem(errors));
    }
    ctx.faults.set(parsed.data);
    return ctx.faults.get();
  });

  app.delete('/demo/faults', async (request, reply) => {
    if (!local(request)) return sendProblem(reply, problem(403, 'Faults can be changed from this machine only.'));
    ctx.faults.reset();
    return ctx.faults.get();
  });
}

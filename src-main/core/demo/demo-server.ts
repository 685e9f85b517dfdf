/** The embedded demo workspace: the reference server, in-process, on 127.0.0.1. */
export interface DemoServer {
  readonly url: string;
  readonly token: string;
  /** The `/demo/sources` document: the roots of the demo workspace. */
  readonly sources: unknown;
  close(): Promise<void>;
}

export type StartDemoServer = () => Promise<DemoServer>;

/** Starts the reference server at demo scale on a free loopback port. */
export const startDemoServer: StartDemoServer = async () => {
  // Loaded on demand: a remote connection never pays for the reference server.
  const { startServer } = await import('../../../src-server/index.js');
  return startServer({ port: 0, scale: 'demo', quiet: true });
};

import type { Result } from './contract.js';

/**
 * The bridge's messages, the same on every transport: Electron IPC, the harness's
 * WebSocket, an in-memory pair in tests. Both ends are built in this folder
 * (`main-peer.ts`, `wire-bridge.ts`), so neither side can tell which transport it has.
 * Types only: the Electron preload imports this file and must bundle nothing of it.
 */
export type MainToRendererMessage =
  | { readonly t: 'result'; readonly id: number; readonly result: Result<unknown> }
  | { readonly t: 'event'; readonly name: string; readonly data: unknown }
  | { readonly t: 'store'; readonly id: number; readonly method: string; readonly args: unknown[] };

export type RendererToMainMessage =
  | { readonly t: 'call'; readonly id: number; readonly name: string; readonly arg: unknown }
  | { readonly t: 'stored'; readonly id: number; readonly result: Result<unknown> }
  /** The renderer started or stopped serving the store port. */
  | { readonly t: 'serving'; readonly serving: boolean };

export type WireMessage = MainToRendererMessage | RendererToMainMessage;

/**
 * What a transport offers: send a message, listen to the other end's. Main treats
 * whatever arrives as untrusted and checks its shape (`readRendererMessage`).
 */
export interface WireTransport {
  send(message: WireMessage): void;
  onMessage(listener: (message: WireMessage) => void): () => void;
  /** False once the other end is gone for good (a destroyed window); absent when the transport cannot tell. */
  isOpen?(): boolean;
}

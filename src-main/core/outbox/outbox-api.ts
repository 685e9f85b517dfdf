import type { CreatePostBody } from '../../../src-shared/api/index.js';
import type { PatchOp, Row } from '../../../src-shared/outbox/index.js';

/**
 * The three writes the outbox sends, and nothing else. Each resolves with the
 * resource the server answered with (`data` of the response, validated).
 * @throws OutboxSendError for every failure (with whether the request may have
 *   reached the server), AbortError when `signal` aborts.
 */
export interface OutboxApi {
  createPost(moduleId: string, body: CreatePostBody, signal: AbortSignal): Promise<Row>;
  patchPost(moduleId: string, contentId: string, ops: readonly PatchOp[], signal: AbortSignal): Promise<Row>;
  patchUser(userId: string, ops: readonly PatchOp[], signal: AbortSignal): Promise<Row>;
}

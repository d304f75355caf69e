/** What the soak's parent and its app child say to each other over the IPC channel of fork(). */

export interface ChildConfig {
  dataDir: string;
  sandboxUrl: string;
  merchantId: string;
  apiKey: string;
  /** The app's own webhook receiver listens here; the same port across restarts. */
  receiverPort: number;
  /** The child's network gives up on an answer after this long (see app-child.ts). */
  deadlineMs: number;
}

/** One IPC call as the renderer would make it, with this computer's clock off by clockOffsetMs meanwhile. */
export interface CallMessage {
  type: 'call';
  id: number;
  channel: string;
  request: unknown;
  clockOffsetMs?: number;
}

export type ParentMessage = CallMessage | { type: 'exit' };

export type ChildMessage =
  | { type: 'ready'; recovered: number }
  | { type: 'result'; id: number; result: IpcResultLike }
  | { type: 'failed'; message: string };

export type IpcResultLike =
  | { ok: true; data: unknown }
  | { ok: false; error: { kind: string; message: string; [key: string]: unknown } };

export const SOAK_CONFIG_ENV = 'SOAK_CHILD_CONFIG';

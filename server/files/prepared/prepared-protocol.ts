/** The messages between the server and its prepared-payload thread (prepared.worker.ts). */

/** Build the prepared payload of one viewer JSON, given as UTF-8 bytes. */
export interface PrepareRequest {
  id: number;
  json: Uint8Array;
}

export type PrepareReply =
  { id: number; ok: true; gzip: Uint8Array } | { id: number; ok: false; reason: string };

export interface PreparedWorkerData {
  /** The thread's nice value (Linux keeps one per thread); 0 leaves it as the process's. */
  nice: number;
}

/**
 * Serialised viewer JSON by file id, least recently used out first, bounded by total size. A
 * stored file's content never changes (only its public flag, which is checked before the cache),
 * so entries are dropped only when a file is deleted.
 */
export class ViewerCache {
  private readonly entries = new Map<number, string>();
  private size = 0;

  constructor(private readonly maxChars: number) {}

  get(fileId: number): string | undefined {
    const json = this.entries.get(fileId);
    if (json !== undefined) {
      this.entries.delete(fileId);
      this.entries.set(fileId, json);
    }
    return json;
  }

  set(fileId: number, json: string): void {
    this.delete(fileId);
    if (json.length > this.maxChars) return;
    this.entries.set(fileId, json);
    this.size += json.length;
    for (const [oldest, value] of this.entries) {
      if (this.size <= this.maxChars) break;
      this.entries.delete(oldest);
      this.size -= value.length;
    }
  }

  delete(fileId: number): void {
    const json = this.entries.get(fileId);
    if (json === undefined) return;
    this.entries.delete(fileId);
    this.size -= json.length;
  }
}

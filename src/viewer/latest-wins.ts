/**
 * A latest-wins queue for view requests (zoom, scroll, resize): at most one request runs; while
 * it runs, newer requests replace each other, and only the newest one runs next. Results of
 * requests that were overtaken are dropped, so a burst of zoom steps costs two layouts, not ten.
 */
export class LatestWins<Request, Result> {
  private running = false;
  private pending: { request: Request } | null = null;
  private disposed = false;

  constructor(
    private readonly run: (request: Request) => Promise<Result>,
    private readonly deliver: (result: Result, request: Request) => void,
    private readonly fail: (error: unknown) => void = () => undefined,
  ) {}

  request(request: Request): void {
    if (this.disposed) return;
    this.pending = { request };
    if (!this.running) void this.drain();
  }

  dispose(): void {
    this.disposed = true;
    this.pending = null;
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.pending && !this.disposed) {
      const { request } = this.pending;
      this.pending = null;
      try {
        const result = await this.run(request);
        // A newer request arrived meanwhile: this result is already stale.
        if (!this.pending && !this.disposed) this.deliver(result, request);
      } catch (error) {
        if (!this.disposed) this.fail(error);
      }
    }
    this.running = false;
  }
}

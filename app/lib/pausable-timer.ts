/**
 * A countdown that can be paused and resumed, keeping the time left: a notice stays on
 * screen for its whole time even when the visitor hovers or focuses it part-way through.
 */
export class PausableTimer {
  private remainingMs: number;
  private startedAt: number | undefined;
  private handle: ReturnType<typeof setTimeout> | undefined;
  private done = false;

  constructor(
    durationMs: number,
    private readonly onElapsed: () => void,
  ) {
    this.remainingMs = durationMs;
  }

  get running(): boolean {
    return this.handle !== undefined;
  }

  resume(): void {
    if (this.done || this.handle !== undefined) return;
    this.startedAt = Date.now();
    this.handle = setTimeout(() => {
      this.handle = undefined;
      this.done = true;
      this.onElapsed();
    }, this.remainingMs);
  }

  pause(): void {
    if (this.handle === undefined) return;
    clearTimeout(this.handle);
    this.handle = undefined;
    this.remainingMs = Math.max(0, this.remainingMs - (Date.now() - (this.startedAt ?? Date.now())));
  }

  cancel(): void {
    this.pause();
    this.done = true;
  }
}

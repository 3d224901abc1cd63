import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PausableTimer } from "./pausable-timer";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("PausableTimer", () => {
  it("fires once its time has run", () => {
    const elapsed = vi.fn();
    const timer = new PausableTimer(1000, elapsed);
    timer.resume();
    vi.advanceTimersByTime(999);
    expect(elapsed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(elapsed).toHaveBeenCalledTimes(1);
  });

  it("does not start until resumed", () => {
    const elapsed = vi.fn();
    new PausableTimer(1000, elapsed);
    vi.advanceTimersByTime(5000);
    expect(elapsed).not.toHaveBeenCalled();
  });

  it("stands still while paused and keeps the time that was left", () => {
    const elapsed = vi.fn();
    const timer = new PausableTimer(1000, elapsed);
    timer.resume();
    vi.advanceTimersByTime(600);
    timer.pause();
    expect(timer.running).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(elapsed).not.toHaveBeenCalled();

    timer.resume();
    vi.advanceTimersByTime(399);
    expect(elapsed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(elapsed).toHaveBeenCalledTimes(1);
  });

  it("ignores a second resume and never fires twice", () => {
    const elapsed = vi.fn();
    const timer = new PausableTimer(1000, elapsed);
    timer.resume();
    timer.resume();
    vi.advanceTimersByTime(1000);
    timer.resume();
    vi.advanceTimersByTime(5000);
    expect(elapsed).toHaveBeenCalledTimes(1);
  });

  it("never fires once cancelled", () => {
    const elapsed = vi.fn();
    const timer = new PausableTimer(1000, elapsed);
    timer.resume();
    timer.cancel();
    timer.resume();
    vi.advanceTimersByTime(5000);
    expect(elapsed).not.toHaveBeenCalled();
  });
});

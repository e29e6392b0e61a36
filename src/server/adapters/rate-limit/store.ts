/** A fixed-window counter: how many hits a key had in the current window, and when the window ends. */
export type HitResult = { count: number; resetMs: number };

export interface RateLimitStore {
  /** Counts one hit on key in a window of windowMs (the window starts at the first hit). */
  hit(key: string, windowMs: number): Promise<HitResult>;
  /** Takes one hit back (a successful login does not count against the limit). */
  undo(key: string): Promise<void>;
  /** Forgets a key (tests, or after a successful reset). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

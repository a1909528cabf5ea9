/**
 * All business time is read from one Clock (DESIGN.md §1). The system clock is the default;
 * CLOCK=manual starts a manual clock at the current time that moves only when told to
 * (tests and the dev tools' /api/dev/clock/advance).
 */
export interface Clock {
  readonly mode: 'system' | 'manual';
  now(): Date;
}

export class SystemClock implements Clock {
  readonly mode = 'system' as const;
  now(): Date {
    return new Date();
  }
}

export class ManualClock implements Clock {
  readonly mode = 'manual' as const;
  #ms: number;

  constructor(start: Date = new Date()) {
    this.#ms = start.getTime();
  }

  now(): Date {
    return new Date(this.#ms);
  }

  advance(seconds: number): Date {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('seconds must be a non-negative number');
    this.#ms += Math.round(seconds * 1000);
    return this.now();
  }

  set(date: Date): void {
    this.#ms = date.getTime();
  }
}

export function isManualClock(clock: Clock): clock is ManualClock {
  return clock instanceof ManualClock;
}

export function createClock(mode: 'system' | 'manual'): Clock {
  return mode === 'manual' ? new ManualClock() : new SystemClock();
}

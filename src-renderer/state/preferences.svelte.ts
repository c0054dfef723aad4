const STORAGE = 'trawl.preferences';

interface Stored {
  keepAll: boolean;
}

/** The UI's own preferences (the engine's settings live in the engine). */
export class Preferences {
  /** Keep every finished document in the library without asking. */
  keepAll = $state(true);

  constructor() {
    try {
      const saved = JSON.parse(localStorage.getItem(STORAGE) ?? '{}') as Partial<Stored>;
      if (typeof saved.keepAll === 'boolean') this.keepAll = saved.keepAll;
    } catch {
      // A damaged entry falls back to the defaults.
    }
  }

  /** Saves the preferences. */
  save(): void {
    localStorage.setItem(STORAGE, JSON.stringify({ keepAll: this.keepAll } satisfies Stored));
  }
}

/** The app's preferences. */
export const preferences = new Preferences();

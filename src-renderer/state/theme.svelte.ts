export type ThemeChoice = 'system' | 'light' | 'dark';

const STORAGE = 'trawl.theme';

/** Light, dark, or following the system; applied as `data-theme` on the root element. */
export class Theme {
  choice = $state<ThemeChoice>('system');

  constructor() {
    const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE) : null;
    if (saved === 'light' || saved === 'dark' || saved === 'system') this.choice = saved;
  }

  /** Sets and remembers the theme. */
  set(choice: ThemeChoice): void {
    this.choice = choice;
    localStorage.setItem(STORAGE, choice);
    this.apply();
  }

  /** Writes the choice onto the document. */
  apply(): void {
    const root = document.documentElement;
    if (this.choice === 'system') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', this.choice);
  }
}

/** The app's theme. */
export const theme = new Theme();

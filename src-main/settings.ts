import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/**
 * Which Chromium the engine drives: `auto` tries the app's own (Electron) Chromium first and
 * falls back to one found on the machine; `electron` and `system` pin one of the two.
 */
export const browserChoiceSchema = z.enum(['auto', 'electron', 'system']);
export type BrowserChoice = z.infer<typeof browserChoiceSchema>;

/** The desktop app's own settings (the engine's live in its data folder). */
export const desktopSettingsSchema = z.object({
  browser: browserChoiceSchema.default('auto'),
  /** Explicit system Chromium/Chrome executable used by the `system` browser. */
  chromiumPath: z.string().min(1).optional(),
  /** Port the engine API asks for first; another free port is used when it is taken. */
  preferredPort: z.int().min(1).max(65535).default(3002),
  /** Notify when a job that ran at least this long finishes while the window is unfocused. */
  notifyAfterSeconds: z.int().min(0).default(30),
});
export type DesktopSettings = z.output<typeof desktopSettingsSchema>;

const SETTINGS_FILE = 'settings.json';

/**
 * Loads and saves {@link DesktopSettings} as JSON in the app's user-data folder. A missing or
 * unreadable file, or invalid fields, yield defaults so a bad edit never stops the app starting.
 */
export class SettingsStore {
  readonly file: string;

  constructor(userDataDir: string) {
    this.file = join(userDataDir, SETTINGS_FILE);
  }

  /** Reads the settings, falling back field by field to defaults. */
  async load(): Promise<DesktopSettings> {
    let raw: unknown = {};
    try {
      raw = JSON.parse(await readFile(this.file, 'utf8'));
    } catch {
      raw = {};
    }
    const whole = desktopSettingsSchema.safeParse(raw);
    if (whole.success) return whole.data;
    return keepValidFields(raw);
  }

  /** Validates a change, merges it into the stored settings and writes them atomically. */
  async update(change: Partial<DesktopSettings>): Promise<DesktopSettings> {
    const next = desktopSettingsSchema.parse({ ...(await this.load()), ...change });
    await mkdir(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify(next, null, 2)}\n`, 'utf8');
    await rename(temp, this.file);
    return next;
  }
}

function keepValidFields(raw: unknown): DesktopSettings {
  const kept: Record<string, unknown> = {};
  if (raw && typeof raw === 'object') {
    for (const [key, value] of Object.entries(raw)) {
      const field = desktopSettingsSchema.shape[key as keyof typeof desktopSettingsSchema.shape];
      if (field && field.safeParse(value).success) kept[key] = value;
    }
  }
  return desktopSettingsSchema.parse(kept);
}

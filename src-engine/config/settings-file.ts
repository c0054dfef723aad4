import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** What the user may change at run time (Settings screen, `PUT /v2/settings`); kept in the data dir. */
export const runtimeSettingsSchema = z.strictObject({
  chromiumPath: z.string().nullable().optional(),
  llm: z
    .strictObject({
      baseUrl: z.url().nullable().optional(),
      model: z.string().nullable().optional(),
      apiKey: z.string().nullable().optional(),
    })
    .optional(),
  globalConcurrency: z.int().min(1).max(64).optional(),
  perHostConcurrency: z.int().min(1).max(32).optional(),
  perHostDelayMs: z.int().min(0).max(60_000).optional(),
});

export type RuntimeSettings = z.output<typeof runtimeSettingsSchema>;

const SETTINGS_FILE = 'settings.json';

export function readSettingsFile(dataDir: string): RuntimeSettings {
  const path = join(dataDir, SETTINGS_FILE);
  if (!existsSync(path)) return {};
  try {
    const parsed = runtimeSettingsSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Writes atomically (temp file + rename) so a crash never leaves half a file. */
export function writeSettingsFile(dataDir: string, settings: RuntimeSettings): void {
  const path = join(dataDir, SETTINGS_FILE);
  const temp = `${path}.tmp`;
  writeFileSync(temp, JSON.stringify(settings, null, 2), { mode: 0o600 });
  renameSync(temp, path);
}

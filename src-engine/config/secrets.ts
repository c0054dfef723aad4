import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Creates a random secret with a recognisable prefix (e.g. `trawl-…`). */
export function generateSecret(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

/**
 * Reads a secret kept in the data dir, creating it on first start. The file is readable by its
 * owner only (mode 0600), since it grants full access to the API.
 */
export function loadOrCreateSecret(dataDir: string, fileName: string, prefix: string): string {
  const path = join(dataDir, fileName);
  if (existsSync(path)) {
    const value = readFileSync(path, 'utf8').trim();
    if (value.length >= 16) {
      // A copied or restored file may have lost its mode: keep it private to its owner.
      try {
        chmodSync(path, 0o600);
      } catch {
        // Not ours to change (read-only or foreign file): the key still works.
      }
      return value;
    }
  }
  return writeSecret(dataDir, fileName, generateSecret(prefix));
}

/** Replaces a stored secret (key rotation) and returns it. */
export function writeSecret(dataDir: string, fileName: string, value: string): string {
  const path = join(dataDir, fileName);
  writeFileSync(path, `${value}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return value;
}

export const API_KEY_FILE = 'api-key';
export const WEBHOOK_SECRET_FILE = 'webhook-secret';

import { ApiError } from '../api/api-error';
import { TrawlClient } from '../api/client';
import { forgetApiKey, rememberConnection, resolveStartupConnection, type Connection } from '../api/connection';

/**
 * Who the UI talks to. Starts from the URL fragment or the remembered key; when neither works,
 * the sign-in form asks once and remembers.
 */
export class Session {
  apiBase = $state('');
  client = $state<TrawlClient | null>(null);
  checking = $state(true);
  problem = $state('');

  /** Resolves the start-up connection and checks it against the engine. */
  async start(): Promise<void> {
    const found = resolveStartupConnection();
    this.apiBase = found.apiBase ?? 'http://127.0.0.1:3002';
    if (found.apiKey) await this.signIn({ apiBase: this.apiBase, apiKey: found.apiKey }, false);
    this.checking = false;
  }

  /**
   * Tries a connection; on success opens the app, and remembers it when it was typed in (a key
   * from the URL fragment is remembered at start-up already).
   */
  async signIn(connection: Connection, remember = true): Promise<boolean> {
    this.problem = '';
    const candidate = new TrawlClient({ apiBase: connection.apiBase.replace(/\/+$/, ''), apiKey: connection.apiKey.trim() });
    try {
      await candidate.verify();
    } catch (error) {
      this.problem =
        error instanceof ApiError && error.status === 401
          ? 'The engine did not accept this key.'
          : error instanceof Error
            ? error.message
            : String(error);
      return false;
    }
    if (remember) rememberConnection(candidate.connection);
    this.apiBase = candidate.connection.apiBase;
    this.client = candidate;
    return true;
  }

  /** Switches to a new key after a rotation (the old one no longer works). */
  replaceKey(apiKey: string): void {
    if (!this.client) return;
    const next = new TrawlClient({ apiBase: this.client.connection.apiBase, apiKey });
    rememberConnection(next.connection);
    this.client = next;
  }

  /** Forgets the key and returns to the sign-in form. */
  signOut(): void {
    forgetApiKey();
    this.client = null;
  }
}

/** The app's session. */
export const session = new Session();

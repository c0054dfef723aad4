import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi, allowedOriginsOf } from './api/app.js';
import { attachWatchSocket } from './api/watch-socket.js';
import { LaunchBrowserProvider } from './browser/launch-provider.js';
import type { BrowserProvider } from './browser/provider.js';
import { SwitchableBrowser } from './browser/switchable-browser.js';
import { engineOptionsSchema, type EngineOptionsInput } from './config/engine-options.js';
import { API_KEY_FILE, WEBHOOK_SECRET_FILE, loadOrCreateSecret } from './config/secrets.js';
import { SettingsService } from './config/settings-service.js';
import type { EngineContext } from './engine-context.js';
import { HttpFetcher } from './fetch/http-fetcher.js';
import { EngineEvents } from './jobs/events.js';
import { JobManager } from './jobs/job-manager.js';
import { WebhookDispatcher } from './jobs/webhooks.js';
import { createLlmClient, type LlmClient } from './llm/chat-client.js';
import { MapService } from './map/map-service.js';
import { ScrapeService } from './scrape/scrape-service.js';
import { Store } from './store/store.js';
import { ENGINE_VERSION } from './version.js';

export interface CreateEngineOptions extends EngineOptionsInput {
  /** Where Chromium comes from; by default a Chromium/Chrome found on this machine is launched. */
  browserProvider?: BrowserProvider;
}

/** A running engine: its API address and key, its live events, and a clean shutdown. */
export interface Engine {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  readonly apiKey: string;
  readonly webhookSecret: string;
  readonly events: EngineEvents;
  /** Stops accepting work and closes everything; running jobs stay stored and resume at next start. */
  close(): Promise<void>;
}

const EXPIRY_SWEEP_MS = 10 * 60_000;
const CACHE_KEEP_MS = 7 * 24 * 3_600_000;

/** Starts an engine: store, fetchers, job manager (resuming unfinished jobs) and the API on 127.0.0.1. */
export async function createEngine(input: CreateEngineOptions): Promise<Engine> {
  const { browserProvider, ...rest } = input;
  const options = engineOptionsSchema.parse(rest);
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const log = (level: 'debug' | 'info' | 'error', message: string) => {
    const order = { silent: 0, error: 1, info: 2, debug: 3 } as const;
    if (order[level] <= order[options.logLevel]) console.error(`[trawl] ${message}`);
  };

  const apiKey = options.apiKey ?? loadOrCreateSecret(options.dataDir, API_KEY_FILE, 'trawl-');
  const webhookSecret = options.webhookSecret ?? loadOrCreateSecret(options.dataDir, WEBHOOK_SECRET_FILE, 'whsec_');
  const settings = new SettingsService(options, apiKey, webhookSecret);
  const store = new Store(options.dataDir);
  const events = new EngineEvents();

  const http = new HttpFetcher({ userAgent: options.userAgent, proxyUrl: options.proxyUrl, hostResolver: options.hostResolver });
  const launchProvider = (path: string | null) => new LaunchBrowserProvider({ executablePath: path ?? undefined, proxyUrl: options.proxyUrl });
  const browser = new SwitchableBrowser(
    browserProvider ?? launchProvider(settings.effective().chromiumPath),
    { userAgent: options.userAgent, hostResolver: options.hostResolver },
    browserProvider === undefined,
  );
  let llm: LlmClient | undefined = createLlmClient(settings.effective().llm);
  let chromiumPath = settings.effective().chromiumPath;
  settings.onChange((current) => {
    llm = createLlmClient(current.llm);
    if (!browserProvider && current.chromiumPath !== chromiumPath) {
      chromiumPath = current.chromiumPath;
      void browser.replaceProvider(launchProvider(chromiumPath));
    }
  });

  const fetchResource = (url: string, opts?: { signal?: AbortSignal }) =>
    http.fetchResource(url, { timeoutMs: 15_000, signal: opts?.signal, skipTlsVerification: true, maxBytes: 64 * 1024 * 1024 });
  const scraper = new ScrapeService({
    http,
    browser,
    browserAvailable: () => browser.available(),
    forceFetcher: options.forceFetcher,
    maxResponseBytes: options.maxResponseBytes,
    tables: () => store.disk,
    llm: () => llm,
    log,
  });
  const webhooks = new WebhookDispatcher(
    () => [store.disk.outbox, store.memory.outbox],
    () => settings.webhookSecret(),
    options.userAgent,
    (message) => log('info', message),
  );
  const jobs = new JobManager({
    store,
    scraper,
    events,
    webhooks,
    fetchResource,
    settings: () => settings.effective(),
    log,
  });
  const mapper = new MapService(fetchResource, options.robotsUserAgent);

  const ctx: EngineContext = {
    options,
    version: ENGINE_VERSION,
    startedAt: Date.now(),
    store,
    scraper,
    jobs,
    events,
    settings,
    mapper,
    llm: () => llm,
    browserStatus: () => ({ available: browser.available(), description: browser.description() }),
    activeTasks: () => jobs.activeTasks(),
    addCredits: (credits) => void store.disk.meta.increment('credits_used', credits),
    creditsUsed: () => Number(store.disk.meta.get('credits_used') ?? 0),
  };

  const app = createApi(ctx);
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.port, options.host);
    s.once('listening', () => resolve(s));
    s.once('error', reject);
  }).catch(async (error: NodeJS.ErrnoException) => {
    store.close();
    await http.close();
    throw error.code === 'EADDRINUSE' ? new Error(`Port ${options.port} on ${options.host} is already in use. Choose another with --port.`) : error;
  }) as Server;
  server.keepAliveTimeout = 5_000;
  attachWatchSocket(server, ctx, allowedOriginsOf(ctx));
  const port = (server.address() as AddressInfo).port;

  const resumed = jobs.resumeUnfinished();
  if (resumed > 0) log('info', `resumed ${resumed} unfinished job(s)`);
  webhooks.start();
  const sweep = setInterval(() => {
    store.disk.jobs.deleteExpired(new Date());
    store.memory.jobs.deleteExpired(new Date());
    store.disk.cache.prune(Date.now() - CACHE_KEEP_MS);
  }, EXPIRY_SWEEP_MS);
  sweep.unref();

  let closing: Promise<void> | undefined;
  return {
    url: `http://${options.host}:${port}`,
    port,
    dataDir: options.dataDir,
    get apiKey() {
      return settings.apiKey();
    },
    get webhookSecret() {
      return settings.webhookSecret();
    },
    events,
    close() {
      closing ??= (async () => {
        clearInterval(sweep);
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        jobs.close();
        webhooks.stop();
        await Promise.race([closed, new Promise((r) => setTimeout(r, 2000))]);
        await browser.close();
        await http.close();
        store.close();
      })();
      return closing;
    },
  };
}

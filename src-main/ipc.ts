import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { APP_ORIGIN } from './app-protocol.js';
import { BRIDGE_CHANNELS, BRIDGE_PREFIX, type AppInfo, type SaveFileResult } from './bridge-contract.js';

/** Largest file the UI may ask to save in one call (exports of big crawls). */
const MAX_SAVE_BYTES = 512 * 1024 * 1024;

/** zod schemas of each verb's arguments, as the tuple the renderer passes to `invoke`. */
export const bridgePayloadSchemas = {
  [BRIDGE_CHANNELS.saveFile]: z.tuple([
    z.string().min(1).max(255).regex(/^[^/\\\0:*?"<>|]+$/, 'a file name without folders'),
    z.union([z.string().max(MAX_SAVE_BYTES), z.instanceof(Uint8Array).refine((b) => b.byteLength <= MAX_SAVE_BYTES, 'file too large')]),
  ]),
  [BRIDGE_CHANNELS.revealInFolder]: z.tuple([z.string().min(1).max(4096).refine(isAbsolute, 'an absolute path')]),
  [BRIDGE_CHANNELS.openExternal]: z.tuple([z.string().min(1).max(8192)]),
  [BRIDGE_CHANNELS.copyApiKey]: z.tuple([]),
  [BRIDGE_CHANNELS.appInfo]: z.tuple([]),
} as const;

/** What the main process does for each verb, once the call has been validated. */
export interface BridgeActions {
  saveFile(name: string, data: string | Uint8Array): Promise<SaveFileResult>;
  revealInFolder(path: string): Promise<void>;
  openExternal(url: string): Promise<boolean>;
  copyApiKey(): Promise<void>;
  appInfo(): Promise<AppInfo>;
}

/** The part of an IPC event the checks read: the frame that sent it. */
export interface BridgeInvokeEvent {
  senderFrame: { url: string; parent: unknown } | null;
}

/** The part of Electron's `ipcMain` the bridge needs. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: BridgeInvokeEvent, ...args: unknown[]) => unknown): void;
}

/** Why a bridge call was refused. */
export class BridgeCallRefused extends Error {
  constructor(
    readonly reason: 'unknown-channel' | 'untrusted-sender' | 'invalid-payload',
    message: string,
  ) {
    super(message);
    this.name = 'BridgeCallRefused';
  }
}

/**
 * True when the call comes from the app's own top-level page (`app://trawl`), never from a
 * sub-frame (the sandboxed preview of scraped HTML) or any other origin.
 */
export function isTrustedSender(event: BridgeInvokeEvent): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent) return false;
  try {
    const url = new URL(frame.url);
    return `${url.protocol}//${url.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * Checks one bridge call (channel prefix and name, sender frame, payload) and runs the verb.
 * Throws {@link BridgeCallRefused} without running anything when a check fails.
 */
export async function dispatchBridgeCall(actions: BridgeActions, channel: string, event: BridgeInvokeEvent, args: unknown[]): Promise<unknown> {
  if (!channel.startsWith(BRIDGE_PREFIX) || !Object.hasOwn(bridgePayloadSchemas, channel)) {
    throw new BridgeCallRefused('unknown-channel', `Unknown channel: ${channel}`);
  }
  if (!isTrustedSender(event)) throw new BridgeCallRefused('untrusted-sender', `Refused ${channel} from an untrusted frame`);
  const schema = bridgePayloadSchemas[channel as keyof typeof bridgePayloadSchemas];
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new BridgeCallRefused('invalid-payload', `Invalid arguments for ${channel}: ${parsed.error.issues[0]?.message ?? ''}`);
  const values = parsed.data as unknown[];
  switch (channel) {
    case BRIDGE_CHANNELS.saveFile:
      return actions.saveFile(values[0] as string, values[1] as string | Uint8Array);
    case BRIDGE_CHANNELS.revealInFolder:
      return actions.revealInFolder(values[0] as string);
    case BRIDGE_CHANNELS.openExternal:
      return actions.openExternal(values[0] as string);
    case BRIDGE_CHANNELS.copyApiKey:
      return actions.copyApiKey();
    default:
      return actions.appInfo();
  }
}

/** Registers one `ipcMain.handle` per bridge verb, each going through {@link dispatchBridgeCall}. */
export function registerBridge(ipcMain: IpcMainLike, actions: BridgeActions): void {
  for (const channel of Object.values(BRIDGE_CHANNELS)) {
    ipcMain.handle(channel, (event, ...args) => dispatchBridgeCall(actions, channel, event, args));
  }
}

import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_CHANNELS } from '../../src-main/bridge-contract.js';
import { BridgeCallRefused, dispatchBridgeCall, registerBridge, type BridgeActions, type BridgeInvokeEvent } from '../../src-main/ipc.js';

function recordingActions(): BridgeActions & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    saveFile: async (name) => (calls.push(`save:${name}`), { saved: true, path: `/tmp/${name}` }),
    revealInFolder: async (path) => void calls.push(`reveal:${path}`),
    openExternal: async (url) => (calls.push(`open:${url}`), true),
    copyApiKey: async () => void calls.push('copy'),
    appInfo: async () => (calls.push('info'), { name: 'Trawl' } as never),
  };
}

const fromApp: BridgeInvokeEvent = { senderFrame: { url: 'app://trawl/index.html#api=x', parent: null } };

/** A stand-in for Electron's ipcMain that records the handlers registered on it. */
function fakeIpcMain() {
  const handlers = new Map<string, (event: BridgeInvokeEvent, ...args: unknown[]) => unknown>();
  return { handlers, handle: (channel: string, listener: (event: BridgeInvokeEvent, ...args: unknown[]) => unknown) => void handlers.set(channel, listener) };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(BridgeCallRefused);
  return (error as BridgeCallRefused).reason;
}

describe('preload bridge IPC', () => {
  it('registers exactly one handler per verb, all under the trawl: prefix', () => {
    const ipc = fakeIpcMain();
    registerBridge(ipc, recordingActions());
    expect([...ipc.handlers.keys()].sort()).toEqual(Object.values(BRIDGE_CHANNELS).sort());
    for (const channel of ipc.handlers.keys()) expect(channel.startsWith('trawl:')).toBe(true);
  });

  it('runs a valid call from the app page', async () => {
    const ipc = fakeIpcMain();
    const actions = recordingActions();
    registerBridge(ipc, actions);
    await expect(ipc.handlers.get(BRIDGE_CHANNELS.saveFile)!(fromApp, 'crawl.json', '{}')).resolves.toEqual({ saved: true, path: '/tmp/crawl.json' });
    await ipc.handlers.get(BRIDGE_CHANNELS.openExternal)!(fromApp, 'https://example.com/');
    expect(actions.calls).toEqual(['save:crawl.json', 'open:https://example.com/']);
  });

  it('refuses channels without the prefix or not in the contract', async () => {
    const actions = recordingActions();
    expect(await refusal(dispatchBridgeCall(actions, 'save-file', fromApp, ['a.txt', 'x']))).toBe('unknown-channel');
    expect(await refusal(dispatchBridgeCall(actions, 'trawl:delete-everything', fromApp, []))).toBe('unknown-channel');
    expect(await refusal(dispatchBridgeCall(actions, 'trawl:__proto__', fromApp, []))).toBe('unknown-channel');
    expect(actions.calls).toEqual([]);
  });

  it('refuses senders other than the top-level app page', async () => {
    const actions = recordingActions();
    const senders: BridgeInvokeEvent[] = [
      { senderFrame: null },
      { senderFrame: { url: 'https://evil.example/', parent: null } },
      { senderFrame: { url: 'file:///etc/passwd', parent: null } },
      { senderFrame: { url: 'app://other/index.html', parent: null } },
      { senderFrame: { url: 'about:srcdoc', parent: {} } },
      { senderFrame: { url: 'app://trawl/index.html', parent: {} } },
    ];
    for (const event of senders) expect(await refusal(dispatchBridgeCall(actions, BRIDGE_CHANNELS.copyApiKey, event, []))).toBe('untrusted-sender');
    expect(actions.calls).toEqual([]);
  });

  it('refuses payloads that do not match the verb', async () => {
    const actions = recordingActions();
    const bad: [string, unknown[]][] = [
      [BRIDGE_CHANNELS.saveFile, ['../../.bashrc', 'x']],
      [BRIDGE_CHANNELS.saveFile, ['dir/file.txt', 'x']],
      [BRIDGE_CHANNELS.saveFile, ['a.txt', { not: 'data' }]],
      [BRIDGE_CHANNELS.saveFile, ['a.txt']],
      [BRIDGE_CHANNELS.revealInFolder, ['relative/path']],
      [BRIDGE_CHANNELS.revealInFolder, [42]],
      [BRIDGE_CHANNELS.openExternal, []],
      [BRIDGE_CHANNELS.copyApiKey, ['extra']],
    ];
    for (const [channel, args] of bad) expect(await refusal(dispatchBridgeCall(actions, channel, fromApp, args)), channel).toBe('invalid-payload');
    expect(actions.calls).toEqual([]);
  });

  it('accepts binary data for saveFile', async () => {
    const actions = recordingActions();
    const spy = vi.spyOn(actions, 'saveFile');
    await dispatchBridgeCall(actions, BRIDGE_CHANNELS.saveFile, fromApp, ['shot.png', new Uint8Array([137, 80, 78, 71])]);
    expect(spy.mock.calls[0]![1]).toBeInstanceOf(Uint8Array);
  });
});

import { desktopBridge } from '../api/desktop-bridge';

/**
 * Saves a file: through the desktop app's native save dialog when available, else as a browser
 * download from a Blob URL.
 */
export async function saveFile(name: string, data: Blob): Promise<void> {
  const bridge = desktopBridge();
  if (bridge) {
    await bridge.saveFile(name, new Uint8Array(await data.arrayBuffer()));
    return;
  }
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** A file name with a timestamp, safe on every platform. */
export function timestampedName(base: string, extension: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:]/g, '-').replace(/\..+$/, '');
  return `${base}-${stamp}.${extension}`;
}

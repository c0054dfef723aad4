import type { ActionType } from '../../src-engine/contracts/index';

/** One row of the actions editor; only the fields of its `type` are sent. */
export interface ActionDraft {
  type: ActionType;
  milliseconds: number | null;
  selector: string;
  all: boolean;
  fullPage: boolean;
  quality: number | null;
  text: string;
  key: string;
  direction: 'up' | 'down';
  script: string;
  landscape: boolean;
  scale: number | null;
  format: string;
}

/** A new action row of the given kind. */
export function newAction(type: ActionType): ActionDraft {
  return {
    type, milliseconds: type === 'wait' ? 1000 : null, selector: '', all: false, fullPage: false, quality: null,
    text: '', key: '', direction: 'down', script: '', landscape: false, scale: null, format: 'Letter',
  };
}

/** Every action kind, with a short explanation shown in the editor. */
export const ACTION_KINDS: { type: ActionType; label: string; hint: string }[] = [
  { type: 'wait', label: 'Wait', hint: 'Pause for a time, or until a selector appears.' },
  { type: 'click', label: 'Click', hint: 'Click the first (or every) element matching a selector.' },
  { type: 'write', label: 'Write text', hint: 'Type text into the focused element.' },
  { type: 'press', label: 'Press a key', hint: 'Press a keyboard key, e.g. Enter or Tab.' },
  { type: 'scroll', label: 'Scroll', hint: 'Scroll the page or an element up or down.' },
  { type: 'screenshot', label: 'Screenshot', hint: 'Capture the page at this point.' },
  { type: 'scrape', label: 'Scrape', hint: 'Capture the HTML at this point.' },
  { type: 'executeJavascript', label: 'Execute JavaScript', hint: 'Run a script in the page; its return value is reported.' },
  { type: 'pdf', label: 'Generate PDF', hint: 'Print the page to PDF.' },
];

/** The action as the API takes it: only the fields of its type, without empty ones. */
export function actionBody(a: ActionDraft): Record<string, unknown> {
  const out: Record<string, unknown> = { type: a.type };
  const set = (key: string, value: unknown) => {
    if (value !== null && value !== '' && value !== undefined) out[key] = value;
  };
  switch (a.type) {
    case 'wait':
      set('milliseconds', a.milliseconds);
      set('selector', a.selector.trim());
      break;
    case 'click':
      set('selector', a.selector.trim());
      if (a.all) out.all = true;
      break;
    case 'screenshot':
      if (a.fullPage) out.fullPage = true;
      set('quality', a.quality);
      break;
    case 'write':
      out.text = a.text;
      break;
    case 'press':
      set('key', a.key.trim());
      break;
    case 'scroll':
      out.direction = a.direction;
      set('selector', a.selector.trim());
      break;
    case 'executeJavascript':
      out.script = a.script;
      break;
    case 'pdf':
      if (a.landscape) out.landscape = true;
      set('scale', a.scale);
      out.format = a.format;
      break;
    case 'scrape':
      break;
  }
  return out;
}

/** An editor row from an action of a request (e.g. a job's options, to run it again). */
export function actionDraft(action: Record<string, unknown>): ActionDraft | undefined {
  const kind = ACTION_KINDS.find((k) => k.type === action.type);
  if (!kind) return undefined;
  const draft = newAction(kind.type);
  const text = (key: string) => (typeof action[key] === 'string' ? (action[key] as string) : '');
  const num = (key: string) => (typeof action[key] === 'number' ? (action[key] as number) : null);
  draft.milliseconds = num('milliseconds');
  draft.selector = text('selector');
  draft.all = action.all === true;
  draft.fullPage = action.fullPage === true;
  draft.quality = num('quality');
  draft.text = text('text');
  draft.key = text('key');
  draft.direction = action.direction === 'up' ? 'up' : 'down';
  draft.script = text('script');
  draft.landscape = action.landscape === true;
  draft.scale = num('scale');
  if (typeof action.format === 'string') draft.format = action.format;
  return draft;
}

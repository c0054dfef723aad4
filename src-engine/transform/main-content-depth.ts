/**
 * Keeps pathological nesting away from the readability pass, whose cost grows
 * steeply with depth: chains of wrapper elements are collapsed, and a caller
 * learns when a document is still too deep to score.
 */

/** Wrappers that carry no meaning of their own and can be dropped from a chain. */
const WRAPPERS = new Set(['DIV', 'SPAN', 'SECTION', 'FONT', 'CENTER']);

/** Depth of the deepest element under `root` (iterative, so deep trees cannot overflow the stack). */
export function maxElementDepth(root: Element): number {
  let deepest = 0;
  const stack: [Element, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [el, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    for (const child of el.children) stack.push([child, depth + 1]);
  }
  return deepest;
}

function isBareWrapper(el: Element): boolean {
  if (!WRAPPERS.has(el.tagName) || el.children.length !== 1) return false;
  for (const node of el.childNodes) if (node.nodeType === 3 && (node.textContent ?? '').trim() !== '') return false;
  return true;
}

/**
 * Collapses wrapper chains (a `div` whose only content is one element) under
 * `root` when it nests deeper than `maxDepth`. Returns whether the tree is now
 * within the limit.
 */
export function limitNestingDepth(root: Element, maxDepth: number): boolean {
  if (maxElementDepth(root) <= maxDepth) return true;
  const wrappers: Element[] = [];
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    for (const child of el.children) stack.push(child);
    if (el !== root && isBareWrapper(el)) wrappers.push(el);
  }
  for (const wrapper of wrappers) wrapper.replaceWith(...wrapper.childNodes);
  return maxElementDepth(root) <= maxDepth;
}

/**
 * Adding a hook to one route from an `onRoute` hook, as @fastify/compress does: a route's hook option is
 * unset, one function or a list. A hook already there is not added twice (Fastify calls onRoute again
 * for the HEAD route it derives from a GET, with a copy of the GET's options).
 */
export function withHook<Hook>(existing: Hook | Hook[] | undefined, hook: Hook): Hook[] {
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  return hooks.includes(hook) ? hooks : [...hooks, hook];
}

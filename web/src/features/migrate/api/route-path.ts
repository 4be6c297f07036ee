/** Fills a contract path's `:name` parameters, each encoded. */
export function routePath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route parameter :${name} is missing`);
    return encodeURIComponent(value);
  });
}

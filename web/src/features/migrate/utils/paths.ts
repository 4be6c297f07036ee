const seg = encodeURIComponent;

/** The wizard's URLs, built in one place so the nav entry, links and routes cannot drift apart. */
export const migratePaths = {
  home: (app: string) => `/apps/${seg(app)}/migrate`,
  run: (app: string, id: string) => `/apps/${seg(app)}/migrate/${seg(id)}`,
};

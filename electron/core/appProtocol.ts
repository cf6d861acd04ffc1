import path from 'node:path';

/** The scheme the renderer is served from, instead of file:// (which would grant it every file). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'sandtable';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

/**
 * The Content-Security-Policy main sends with every page it serves. Stricter than the meta tag in
 * index.html, which also serves the Vite dev server; a browser enforces both, so the stricter
 * wins. No eval, no inline script, no remote anything, no plugins, no framing, no form posts.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // React and Konva set styles through the CSSOM, which CSP does not govern; the built app has
  // no inline <style> or style attributes in markup, so none are allowed.
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  // Live co-editing talks to a collaboration server over WebSocket (ws: on a club's network).
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const META_CSP = /<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>/i;

/**
 * The index.html the desktop app serves: the meta CSP (which must also allow the Vite dev server)
 * replaced by the desktop policy, so the page and its header agree and a scanner reading the page
 * sees the policy actually in force.
 */
export function desktopIndexHtml(html: string): string {
  // frame-ancestors only works as a header (which main also sends); in a meta tag Chromium
  // ignores it with a console error.
  const policy = CONTENT_SECURITY_POLICY.split('; ')
    .filter((d) => !d.startsWith('frame-ancestors'))
    .join('; ');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
  return META_CSP.test(html)
    ? html.replace(META_CSP, meta)
    : html.replace(/<head>/i, `<head>\n    ${meta}`);
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.ico': 'image/x-icon',
};

export function mimeFor(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps an `app://sandtable/...` URL to a file under `root`, or null when the URL is for another
 * host or tries to leave the folder (`..`, encoded slashes, absolute paths).
 */
export function resolveAppAsset(root: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const relative = pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, '');
  const base = path.resolve(root);
  const file = path.resolve(base, relative);
  if (file !== base && !file.startsWith(base + path.sep)) return null;
  return file;
}

/** Only web links leave the app, and only to the system browser. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (
      (u.protocol === 'https:' || u.protocol === 'http:') && u.username === '' && u.password === ''
    );
  } catch {
    return false;
  }
}

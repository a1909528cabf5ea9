/**
 * The interface between the API server and the web app's server renderer (apps/web/src/ssr/entry-server.tsx,
 * loaded by apps/server/src/platform/ssr.ts; ADR 0016): one request in, the page's status and HTML out.
 */
export interface SsrRequest {
  /** The request's path and query ('/sale?sort=price_asc'). */
  url: string;
  /** The site's origin ('https://namebourse.com') for canonical URLs. */
  origin: string;
  /** The headers the renderer reads: cookie, user-agent, accept-language. */
  headers: Record<string, string | undefined>;
  /** Answers an API call in-process (the server's own routes), as the visitor. */
  api: typeof fetch;
}

export interface SsrResult {
  status: number;
  /** Set for a redirect (status 3xx). */
  location?: string;
  html: string;
  /** True when the page was rendered on the server, false when the browser renders it. */
  rendered: boolean;
}

export interface SsrRenderer {
  render(request: SsrRequest, template: string): Promise<SsrResult>;
}

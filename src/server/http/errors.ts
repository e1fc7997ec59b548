import type { Express, NextFunction, Request, Response } from 'express';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The status an error asks for (body-parser and the router set one for bad requests), else 500. */
function statusOf(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

function codeOf(status: number): 'NotFound' | 'InvalidInput' | 'Unknown' {
  if (status === 404) return 'NotFound';
  return status < 500 ? 'InvalidInput' : 'Unknown';
}

/** The HTML error page: the status and the request id, nothing about the server. */
function errorPage(status: number, requestId: string): string {
  const title = status === 404 ? '找不到頁面 Page not found' : status < 500 ? '無法處理的請求 Bad request' : '系統錯誤 System error';
  return `<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p><a href="/">回首頁 Home</a></p><p><small>Request id: ${escapeHtml(requestId)}</small></p></main></body></html>`;
}

function answer(req: Request, res: Response, status: number): void {
  const requestId = String(req.id ?? '');
  res.status(status);
  if (req.accepts(['json', 'html']) === 'html') res.type('html').send(errorPage(status, requestId));
  else res.json({ code: codeOf(status), params: {}, requestId });
}

/**
 * The last handlers of the app, after the web app: a request nothing answered is NotFound, and an
 * error no route handled (a malformed path such as `/%`, an unknown Content-Encoding) gets JSON or
 * the HTML error page with its request id, never a stack or a path. Server faults are logged.
 */
export function answerErrors(app: Express): void {
  app.use((req: Request, res: Response) => answer(req, res, 404));
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    const status = statusOf(error);
    if (status >= 500) req.log.error({ err: error }, 'unexpected error');
    if (res.headersSent) {
      next(error);
      return;
    }
    answer(req, res, status);
  });
}

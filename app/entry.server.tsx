import { createHash } from "node:crypto";
import { Writable } from "node:stream";

import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { adminLoginNote } from "./db/seed/seed.server";
import { cspNonceContext, cspScriptHashesContext } from "./server/infra/csp.server";
import { isPublicResponse, publicAnswer, withCacheHeaders } from "./server/infra/http/cache.server";
import { renderTurn } from "./server/infra/http/render-turns.server";
import { PRIVATE_CACHE_CONTROL } from "./lib/cache-control";
import { getDatabaseHandle, startScheduledJobs, takeAdminSetup } from "./server/infra/db.server";
import { log } from "./server/infra/log.server";
import { getEnv } from "./server/infra/env.server";
import { paymentModeNote } from "./server/payments/provider.server";
import { warnIfSellerIdentityMissing } from "./server/settings/settings.server";
import {
  noteRequestError,
  setUnavailableHeaders,
  takeDatabaseUnavailable,
  unavailableResponse,
} from "./server/infra/unavailable.server";

/** Called by server.mjs on SIGTERM/SIGINT: lets e-mails already under way leave (background.server.ts). */
export { settleBackgroundTasks } from "./server/infra/background.server";
/** Used by server.mjs: the CSP nonce it hands each request, readiness, the logger, closing on shutdown. */
export { cspNonceContext, cspScriptHashesContext } from "./server/infra/csp.server";
export { isReady } from "./server/infra/health.server";
export { logger, withRequestId } from "./server/infra/log.server";
export { closeDatabase } from "./server/infra/db.server";

/**
 * Called by server.mjs before it listens: opens, migrates and seeds the
 * database, and says how to sign in as admin.
 */
export async function bootstrap() {
  const env = getEnv();
  const handle = await getDatabaseHandle();
  // A store open to the public must say who sells (Decreto 7.962/2013): the log says when it does not yet.
  if (env.NODE_ENV === "production") await warnIfSellerIdentityMissing(handle.db);
  if (env.JOBS_ENABLED) await startScheduledJobs();
  return {
    engine: handle.engine,
    dataDir: env.dataDir,
    adminEmail: env.ADMIN_EMAIL,
    // How to sign in as admin: a generated password on the start that created it, never again;
    // a password set in ADMIN_PASSWORD never reaches the logs.
    adminLogin: adminLoginNote(await takeAdminSetup(), env.ADMIN_EMAIL),
    // What the start banner says of payments: test mode is never silent.
    payments: paymentModeNote(),
  };
}

export const streamTimeout = 5_000;

/**
 * Every error of a loader or action passes here before React Router hides its details from the
 * page. An unreachable database marks the request for a 503 (server/infra/unavailable.server.ts) and
 * logs one line instead of a stack per request during an outage.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || error instanceof Response) return;
  if (noteRequestError(error, context)) {
    log.error(`banco de dados indisponível: ${new URL(request.url).pathname}: ${describe(error)}`);
    return;
  }
  log.error('falha não tratada', error);
};

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

/** A client-side navigation whose loaders could not reach the database gets the same 503. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) =>
  takeDatabaseUnavailable(context) || response.status === 503 ? unavailableResponse() : withCacheHeaders(request, response);

/** The SHA-256 of each inline script of a page, as CSP writes them ('sha256-…'). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc\s*=/.test(attributes!) || body === "") continue;
    hashes.add(`sha256-${createHash("sha256").update(body!).digest("base64")}`);
  }
  return [...hashes];
}

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/**
 * The page's JavaScript is preloaded at low priority. The HTML is rendered on the server and reads
 * before any script runs, so on a phone's connection the stylesheet and the first images go first
 * and the modules after them; Lighthouse's simulation (lantern) stops counting those ~120 KB as
 * blocking the first paint (it did whenever they arrived before the paint: FCP 2.3 s instead of
 * 0.9 s on a mobile run of `/`). React Router's <Scripts> takes no priority, hence this rewrite of
 * its `<link rel="modulepreload">` tags, byte for byte (UTF-8 text is never decoded here).
 * Stateful: push each chunk of the page in order, then `end()`; a tag cut across two chunks is
 * held back until it is whole.
 */
export function lowPriorityModulePreloads() {
  let carry = Buffer.alloc(0);
  const rewrite = (bytes: Buffer): Buffer => {
    const parts: Buffer[] = [];
    let start = 0;
    for (let at = bytes.indexOf(MODULE_PRELOAD); at !== -1; at = bytes.indexOf(MODULE_PRELOAD, start)) {
      parts.push(bytes.subarray(start, at), LOW_MODULE_PRELOAD);
      start = at + MODULE_PRELOAD.length;
    }
    if (start === 0) return bytes;
    parts.push(bytes.subarray(start));
    return Buffer.concat(parts);
  };
  return {
    push(chunk: Buffer): Buffer {
      const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      // The shortest tail that is the beginning of a tag (none: nothing is held back).
      let cut = bytes.length;
      for (let at = Math.max(0, bytes.length - MODULE_PRELOAD.length + 1); at < bytes.length; at++) {
        if (MODULE_PRELOAD.subarray(0, bytes.length - at).equals(bytes.subarray(at))) {
          cut = at;
          break;
        }
      }
      carry = Buffer.from(bytes.subarray(cut));
      return rewrite(bytes.subarray(0, cut));
    },
    end(): Buffer {
      const rest = carry;
      carry = Buffer.alloc(0);
      return rest;
    },
  };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (takeDatabaseUnavailable(loadContext)) {
    // Thrown, React Router renders the root ErrorBoundary with this 503 (a second call here).
    setUnavailableHeaders(responseHeaders);
    throw unavailableResponse();
  }
  // The 503 the root middleware threw (server/infra/db.server.ts) keeps its Retry-After.
  if (responseStatusCode === 503) setUnavailableHeaders(responseHeaders);
  // Anonymous catalogue pages are shared by every visitor (lib/cache-control.ts): rendered whole,
  // without a nonce (csp.server.ts), with an ETag; everything else is private, with the nonce.
  const cacheable = isPublicResponse(request, responseStatusCode, responseHeaders);
  if (cacheable) return renderPublicPage(request, responseStatusCode, responseHeaders, routerContext, loadContext);
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  const nonce = loadContext.get(cspNonceContext);
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // A bot or SPA mode waits for everything, as React Router's default does; so does everyone else
  // now: no route defers data (no <Await>), so the shell is the whole page but for a lazy widget,
  // and one buffer sent once costs a few ms of CPU less than React's ~2 KB chunks each crossing a
  // web stream, the compression middleware and the socket (bench/cpu.mjs).
  return renderWhole(
    request.signal,
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    nonce,
  ).then((rendered) => {
    if (!rendered) return clientGone(responseHeaders);
    const { html } = rendered;
    // A part that failed inside a Suspense boundary (a lazy widget) was logged and is retried by
    // the browser; the page keeps its status, as when it streamed.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.set("Content-Length", String(html.byteLength));
    return new Response(html, { status: responseStatusCode, headers: responseHeaders });
  });
}

/**
 * The whole HTML of a page in one buffer (React's onAllReady). `failed`: a part of the page threw
 * while rendering (logged here); the shell failing rejects instead, and React Router answers it.
 */
async function renderWhole(
  signal: AbortSignal,
  element: React.ReactElement,
  nonce?: string,
): Promise<{ html: Buffer<ArrayBuffer>; failed: boolean } | null> {
  // One page per turn of the event loop, so new connections are accepted between renders; none
  // for a client that left while it waited (null).
  if (!(await renderTurn(signal))) return null;
  return new Promise((resolve, reject) => {
    let failed = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            const preloads = lowPriorityModulePreloads();
            resolve({ html: Buffer.concat([preloads.push(Buffer.concat(chunks)), preloads.end()]) as Buffer<ArrayBuffer>, failed });
            callback();
          },
        });
        body.on("error", reject);
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        log.error("falha ao renderizar a página", error);
      },
    });
  });
}

/** The client closed the connection before its page's turn: nothing is rendered or sent (nginx's 499 in the log). */
function clientGone(headers: Headers): Response {
  headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return new Response(null, { status: 499, headers });
}

/** A cacheable page: its whole HTML (as for a crawler), its inline scripts' hashes in the CSP, an ETag. */
async function renderPublicPage(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const rendered = await renderWhole(request.signal, <ServerRouter context={routerContext} url={request.url} />);
  if (!rendered) return clientGone(headers);
  const { html: bytes, failed } = rendered;
  const html = bytes.toString("utf8");
  loadContext.get(cspScriptHashesContext)(inlineScriptHashes(html));
  headers.set("Content-Type", "text/html; charset=utf-8");
  // A part of the page failed while rendering: sent as a 500, never shared.
  if (failed) {
    headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return new Response(bytes, { status: 500, headers });
  }
  return publicAnswer(request, bytes, status, headers);
}

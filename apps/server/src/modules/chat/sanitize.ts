/**
 * Chat content sanitising on the server (spec §3 Chat message: MsgContent is rendered as HTML):
 * DOMPurify over a jsdom window, with the contract's CHAT_SANITIZE_CONFIG (the console applies the
 * same configuration again when it shows a message). The window is created on first use, and jsdom
 * is loaded then too: loaded at start it held ~23 MB of the server's heap (and ~60 MB of RSS) in
 * every process, chat or not (issue 20).
 */
import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import type * as Jsdom from 'jsdom';
import { CHAT_SANITIZE_CONFIG } from '@vigil/contract';

let purifier: DOMPurify | undefined;

/** The content as stored and served: inert HTML (no scripts, handlers, images or styles). */
export function sanitizeChatContent(html: string): string {
  if (!purifier) {
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof Jsdom;
    purifier = createDOMPurify(new JSDOM('').window);
  }
  return purifier.sanitize(html, { ...CHAT_SANITIZE_CONFIG, RETURN_TRUSTED_TYPE: false }).trim();
}

/** Whether sanitised content shows anything (text or a line break). */
export function hasVisibleContent(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim().length > 0
  );
}

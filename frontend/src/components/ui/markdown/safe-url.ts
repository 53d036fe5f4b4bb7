const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * A link target Markdown may keep: absolute `http`, `https` or `mailto` only (docs/product.md,
 * "Card detail"). Everything else (`javascript:`, `data:`, `vbscript:`, relative paths,
 * `#fragments`) gives null.
 */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
}

/**
 * The security headers for answers that never pass through helmet: socket.io's long-polling
 * answers (Node's server answers them directly) and URLs Fastify cannot decode (refused before any
 * hook runs). Never HTML, so the policy allows nothing at all.
 */
export const PLAIN_ANSWER_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'SAMEORIGIN',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

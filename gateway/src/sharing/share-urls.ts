/** A link's address, always on PUBLIC_URL: never built from a request's Host header. */
export function shareUrl(publicUrl: string, shareId: string): string {
  return `${publicUrl}/shared/${shareId}`;
}

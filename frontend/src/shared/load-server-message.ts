/**
 * serverMessage, loaded on the first failure that needs it: the sign-in screen's first visit then
 * does not carry the words of every error (the /auth budget counts each byte of it).
 */
export async function loadServerMessage(): Promise<typeof import('./server-message').serverMessage> {
  return (await import('./server-message')).serverMessage;
}

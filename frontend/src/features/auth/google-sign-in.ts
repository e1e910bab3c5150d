import { type ClientConfig, type GoogleSignInResponse, type User } from '@promptlib/proto';
import type { TFunction } from 'i18next';
import { isApiFailure } from '../../api/api-error';
import type { AppDispatch } from '../../app/store';
import { loadServerMessage } from '../../shared/load-server-message';
import { libraryApi, NO_PROMPTS } from '../library/library.api';
import { googleAuthApi } from './google-auth.api';
import {
  authorizationUrl,
  GOOGLE_CALLBACK_PATH,
  GOOGLE_REDIRECT_STATE_KEY,
  GOOGLE_SIGN_IN_CHANNEL,
  isCallbackMessage,
  parseCallbackFragment,
  profileFromIdToken,
  randomState,
  savedRedirectState,
  stateMatches,
  type GoogleCallbackMessage,
} from './google-oauth';

// The product's pause before a returning Google user's library is fetched.
const PAUSE_BEFORE_LIBRARY_MS = 200;
const POPUP_POLL_MS = 250;
// The callback window posts its answer and then closes itself: an answer sent just before the
// close must not be mistaken for the user closing the popup.
const CLOSED_GRACE_MS = 2000;
// A page that isolates itself with a Cross-Origin-Opener-Policy (ours does, and so may Google's)
// makes the popup look closed to this window while the user is still signing in there. So a
// popup that looks closed ends the wait, but its answer is still taken for a while.
const LATE_ANSWER_MS = 10 * 60_000;

export type GoogleClient = { clientId: string; authUrl: string };

export type FlowContext = {
  dispatch: AppDispatch;
  t: TFunction;
  /** Ends the sign-in, as when the button goes away. */
  signal?: AbortSignal;
  /** Runs a step again under the caller's busy state: the end of a sign-in whose answer came late. */
  resume?: (step: (context: FlowContext) => Promise<FlowResult>) => void;
};

/**
 * With a user: signed in and the library stored; the caller makes them the current user and goes
 * to /. (The caller, because a current user sends /auth on to / at once.) Otherwise an alert to
 * show, if any: an error unless it says otherwise.
 */
export type FlowResult = { user?: User; alert?: string; severity?: 'info' };

/**
 * The sign-in button's flow. `popup` is the window the click opened: null when the browser blocked
 * it, undefined when none was opened (Google known to be off, or no BroadcastChannel to carry the
 * popup's answer, in which case the whole page goes to Google).
 */
export async function signInWithGoogle(
  popup: Window | null | undefined,
  config: () => ClientConfig | Promise<ClientConfig>,
  context: FlowContext,
): Promise<FlowResult> {
  let google: GoogleClient | null = null;
  try {
    const { googleClientId, googleAuthUrl } = await config();
    if (googleClientId && googleAuthUrl) google = { clientId: googleClientId, authUrl: googleAuthUrl };
  } catch {
    // A configuration that cannot be read is treated as a missing one.
  }
  if (!google) {
    popup?.close();
    return {
      alert: context.t('auth.google.notConfigured', { domain: window.location.host }),
      severity: 'info',
    };
  }
  if (popup === null) return { alert: context.t('auth.google.popupBlocked') };
  return popup ? signInWithPopup(popup, google, context) : signInWithRedirect(google, context);
}

/**
 * Signs in through `popup`, a window the caller opened (empty) while handling the click, so that
 * popup blockers let it through.
 */
async function signInWithPopup(
  popup: Window,
  google: GoogleClient,
  context: FlowContext,
): Promise<FlowResult> {
  const state = randomState();
  // Listening starts before Google is asked, so no answer can arrive unheard.
  const listener = listenForAnswer(state);
  const done = new AbortController();
  context.signal?.addEventListener('abort', () => done.abort(), { once: true });
  try {
    const nonce = await requestNonce(context);
    if (typeof nonce !== 'string' || popup.closed || done.signal.aborted) {
      listener.stop();
      popup.close();
      return typeof nonce === 'string' ? cancelled('the popup was closed') : nonce;
    }
    popup.location.replace(authorizationUrl({ ...google, redirectUri: callbackUri(), nonce, state }));
    const message = await Promise.race([listener.answer, popupClosed(popup, done.signal)]);
    if (message) {
      if (!popup.closed) popup.close();
      return await answered(message, context);
    }
    if (done.signal.aborted) {
      listener.stop();
      popup.close();
      return {};
    }
    const expiry = setTimeout(listener.stop, LATE_ANSWER_MS);
    context.signal?.addEventListener('abort', listener.stop, { once: true });
    void listener.answer.then((late) => {
      clearTimeout(expiry);
      context.resume?.((resumed) => answered(late, resumed));
    });
    return cancelled('the popup was closed');
  } finally {
    done.abort();
  }
}

/** Leaves the page for Google's; /auth completes the sign-in when the browser comes back. */
async function signInWithRedirect(google: GoogleClient, context: FlowContext): Promise<FlowResult> {
  const nonce = await requestNonce(context);
  if (typeof nonce !== 'string') return nonce;
  const state = randomState();
  sessionStorage.setItem(GOOGLE_REDIRECT_STATE_KEY, state);
  window.location.assign(authorizationUrl({ ...google, redirectUri: callbackUri(), nonce, state }));
  // The page is on its way out: it stays busy until it is gone.
  return new Promise<never>(() => undefined);
}

/**
 * Completes a redirect sign-in whose answer came back in `fragment`, if its state is the one this
 * tab saved. Failures are only logged: the result never carries an alert.
 */
export async function completeRedirectSignIn(fragment: string, context: FlowContext): Promise<FlowResult> {
  const expected = savedRedirectState();
  if (expected !== null) sessionStorage.removeItem(GOOGLE_REDIRECT_STATE_KEY);
  const message = parseCallbackFragment(fragment);
  if (!message || !('idToken' in message) || !stateMatches(expected, message.state)) return {};
  const { user, alert } = await signInWithIdToken(message.idToken, context);
  if (!user) console.warn('The pending Google sign-in could not be completed.', alert);
  return { user };
}

async function answered(message: GoogleCallbackMessage, context: FlowContext): Promise<FlowResult> {
  if ('idToken' in message) return signInWithIdToken(message.idToken, context);
  if (message.error === 'access_denied') return cancelled('access was denied');
  return { alert: failedAlert(context.t, message.errorDescription ?? message.error) };
}

async function signInWithIdToken(idToken: string, { dispatch, t }: FlowContext): Promise<FlowResult> {
  const profile = profileFromIdToken(idToken);
  if (!profile) return { alert: failedAlert(t) };
  probeSignIn();
  let response: GoogleSignInResponse;
  try {
    response = await dispatch(
      googleAuthApi.endpoints.googleSignIn.initiate({ ...profile, idToken }),
    ).unwrap();
  } catch (failure) {
    if (isOffline(failure)) return { alert: t('auth.google.offline') };
    const reason = await rejectionReason(failure, t);
    return { alert: reason ? `${t('auth.google.rejected')} ${reason}` : t('auth.google.rejected') };
  }
  await storeLibrary(dispatch, response);
  return { user: response.user };
}

/** The new user's library as the server gave it, or a returning user's, fetched after the product's pause. */
async function storeLibrary(dispatch: AppDispatch, response: GoogleSignInResponse): Promise<void> {
  if ('initialCategory' in response && response.initialCategory) {
    dispatch(libraryApi.util.upsertQueryData('getCategories', undefined, [response.initialCategory]));
    dispatch(libraryApi.util.upsertQueryData('getPromptCounts', undefined, NO_PROMPTS));
  } else {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_BEFORE_LIBRARY_MS));
    // A failed read is not this flow's concern: the library screen reads again and reports it.
    await Promise.all([
      dispatch(
        libraryApi.endpoints.getCategories.initiate(undefined, { subscribe: false, forceRefetch: true }),
      ),
      dispatch(
        libraryApi.endpoints.getPromptCounts.initiate(undefined, { subscribe: false, forceRefetch: true }),
      ),
    ]);
  }
}

/** The nonce for the ID token, or the result to end with when there is none. */
async function requestNonce({ dispatch, t }: FlowContext): Promise<string | FlowResult> {
  try {
    const { nonce } = await dispatch(googleAuthApi.endpoints.googleNonce.initiate()).unwrap();
    return nonce;
  } catch (failure) {
    if (isOffline(failure)) return { alert: t('auth.google.offline') };
    const serverMessage = await loadServerMessage();
    const message = isApiFailure(failure) ? serverMessage(failure, t, failure.message) : undefined;
    return { alert: failedAlert(t, message) };
  }
}

// One sign-in at a time: a new one stops listening for the answer to the one before.
let stopListening: (() => void) | undefined;

/** The callback's answer to the sign-in with this state, until stopped. */
function listenForAnswer(state: string): { answer: Promise<GoogleCallbackMessage>; stop: () => void } {
  stopListening?.();
  const channel = new BroadcastChannel(GOOGLE_SIGN_IN_CHANNEL);
  const stop = () => {
    channel.close();
    if (stopListening === stop) stopListening = undefined;
  };
  stopListening = stop;
  const answer = new Promise<GoogleCallbackMessage>((resolve) => {
    channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      if (!isCallbackMessage(data) || !stateMatches(state, data.state)) return;
      stop();
      resolve(data);
    };
  });
  return { answer, stop };
}

/** Resolves null once the popup has looked closed for a moment, or the sign-in has ended. */
function popupClosed(popup: Window, signal: AbortSignal): Promise<null> {
  return new Promise((resolve) => {
    let closedAt: number | undefined;
    const end = () => {
      clearInterval(poll);
      resolve(null);
    };
    const poll = setInterval(() => {
      if (!popup.closed) return;
      closedAt ??= Date.now();
      if (Date.now() - closedAt >= CLOSED_GRACE_MS) end();
    }, POPUP_POLL_MS);
    signal.addEventListener('abort', end, { once: true });
  });
}

/** The product's probe of the sign-in call before using it: it only ever logs. */
function probeSignIn(): void {
  fetch('/api/google-auth', { method: 'OPTIONS', credentials: 'include' }).then(
    (response) => {
      if (!response.ok)
        console.warn(`Google sign-in probe answered ${response.status} ${response.statusText}`);
    },
    (error: unknown) => console.warn('Google sign-in probe failed', error),
  );
}

/** The user changed their mind: nothing to tell them, only to log. */
function cancelled(how: string): FlowResult {
  console.warn(`Google sign-in cancelled: ${how}.`);
  return {};
}

function callbackUri(): string {
  return `${window.location.origin}${GOOGLE_CALLBACK_PATH}`;
}

function failedAlert(t: TFunction, message?: string): string {
  return t('auth.google.failed', { message: message || t('auth.google.unknownError') });
}

function isOffline(failure: unknown): boolean {
  return isApiFailure(failure) && failure.status === 'FETCH_ERROR';
}

/** The server's reason in the user's language; its refusal of the token has its own words here. */
async function rejectionReason(failure: unknown, t: TFunction): Promise<string> {
  if (!isApiFailure(failure)) return '';
  // The sign-in call has no password: refused credentials are the Google token the server could not verify.
  if (failure.code === 'INVALID_CREDENTIALS') return t('auth.google.unverified');
  return (await loadServerMessage())(failure, t, '');
}

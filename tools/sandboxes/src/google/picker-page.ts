import { authRequestFields, type AuthRequest } from './auth-request';
import { PRESET_IDENTITIES } from './identities';

/** Where the pages' stylesheet is served; the pages carry no inline style, so a strict CSP allows them. */
export const STYLESHEET_PATH = '/_sandbox/assets/picker.css';

/**
 * The account picker: the preset accounts as buttons, a form for any other address, and Cancel.
 * Every choice is a form of its own (a preset button must not be held back by the address field's
 * `required`), each carrying the request's parameters, so it works with the keyboard and without script.
 */
export function pickerPage(
  request: AuthRequest,
  /** What was wrong with the typed account, shown above its form. */
  problem?: { message: string; email: string; name: string },
): string {
  const hidden = authRequestFields(request)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n    ');
  const presets = Object.entries(PRESET_IDENTITIES)
    .map(
      ([key, identity]) => `<li>
      <form method="post" action="/o/oauth2/v2/auth/choose">
    ${hidden}
        <button type="submit" name="account" value="${key}" class="account">
          <span class="name">${escapeHtml(identity.name ?? '(no name)')}</span>
          <span class="email">${escapeHtml(identity.email)}</span>
        </button>
      </form>
    </li>`,
    )
    .join('\n    ');
  const returnsTo = escapeHtml(new URL(request.redirectUri).host);
  return page(
    'Sign in – Google sandbox',
    `<p class="badge" role="note">Test sign-in: no Google account is used and no password is asked for.</p>
  <h1>Choose an account</h1>
  <p>to continue to <strong>${returnsTo}</strong></p>
  <h2>Test accounts</h2>
  <ul class="accounts">
    ${presets}
  </ul>
  <h2>Another account</h2>
  ${problem ? `<p class="problem" role="alert" id="typed-problem">${escapeHtml(problem.message)}</p>` : ''}
  <form method="post" action="/o/oauth2/v2/auth/choose" class="typed">
    ${hidden}
    <label for="typed-email">Email address</label>
    <input id="typed-email" name="email" type="email" autocomplete="email" required value="${escapeHtml(problem?.email ?? '')}"${problem ? ' aria-invalid="true" aria-describedby="typed-problem"' : ''}>
    <label for="typed-name">Display name <span class="hint">(optional)</span></label>
    <input id="typed-name" name="name" type="text" autocomplete="name" value="${escapeHtml(problem?.name ?? '')}">
    <button type="submit" name="account" value="typed" class="primary">Continue</button>
  </form>
  <form method="post" action="/o/oauth2/v2/auth/choose" class="cancel">
    ${hidden}
    <button type="submit" name="cancel" value="1">Cancel</button>
  </form>`,
  );
}

/** Google's page for a request it will not answer: the error code and why, with no way back to the app. */
export function errorPage(code: string, message: string): string {
  return page(
    'Error 400 – Google sandbox',
    `<h1>Access blocked: this request is invalid</h1>
  <p class="problem">Error 400: <code>${escapeHtml(code)}</code></p>
  <p>${escapeHtml(message)}</p>`,
  );
}

export const STYLESHEET = `body { font-family: system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1f2328; }
main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 3px #0002; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
.badge { display: inline-block; padding: 0.25rem 0.5rem; border-radius: 4px; background: #fff4d6; color: #6b4a00; font-weight: 600; }
.accounts { list-style: none; padding: 0; margin: 0; }
.accounts li { margin: 0.5rem 0; }
.account { display: flex; flex-direction: column; align-items: flex-start; width: 100%; padding: 0.75rem 1rem; text-align: left; background: #fff; color: #1f2328; }
.account:hover { background: #eef4fb; }
.account .name { font-weight: 600; }
.account .email { color: #4b535c; }
label { display: block; margin: 0.75rem 0 0.25rem; font-weight: 600; }
.hint { font-weight: 400; color: #4b535c; }
input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.5rem; border: 1px solid #6e7781; border-radius: 6px; }
button { font: inherit; padding: 0.6rem 1.25rem; border-radius: 6px; border: 1px solid #1f2328; cursor: pointer; background: #fff; color: #1f2328; }
.primary { margin-top: 1rem; background: #0b5cad; border-color: #0b5cad; color: #fff; }
.cancel { margin-top: 1.5rem; }
.problem { padding: 0.75rem; border-radius: 6px; background: #ffebe9; color: #82071e; }
button:focus-visible, input:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
`;

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main>
  ${content}
</main>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

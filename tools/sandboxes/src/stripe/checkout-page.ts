import type Stripe from 'stripe';

/**
 * The hosted checkout page of an open session: plainly a test payment, the plan and its price, and
 * two buttons in forms of their own, so it works with the keyboard and without script.
 */
export function checkoutPage(
  session: Stripe.Checkout.Session,
  price: Stripe.Price,
  quantity: number,
  /** Why the last try failed (a declined card), shown above the buttons. */
  problem?: string,
): string {
  const amount = formatAmount((price.unit_amount ?? 0) * quantity, price.currency);
  const interval = price.recurring ? ` / ${price.recurring.interval}` : '';
  const plan = escapeHtml(price.nickname ?? price.id);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test payment: ${plan}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1f2328; }
  main { max-width: 28rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 3px #0002; }
  .badge { display: inline-block; padding: 0.25rem 0.5rem; border-radius: 4px; background: #fff4d6; color: #6b4a00; font-weight: 600; }
  .price { font-size: 2rem; font-weight: 700; margin: 0.5rem 0 1.5rem; }
  form { display: inline; }
  button { font: inherit; padding: 0.75rem 1.5rem; border-radius: 6px; border: 1px solid #1f2328; cursor: pointer; margin-right: 0.5rem; }
  .pay { background: #0b5cad; border-color: #0b5cad; color: #fff; }
  .cancel { background: #fff; color: #1f2328; }
  .problem { padding: 0.75rem; border-radius: 6px; background: #ffebe9; color: #82071e; }
  button:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <p class="badge" role="note">Test payment: no card is charged and no money moves.</p>
  <h1>${plan}</h1>
  <p class="price">${escapeHtml(amount)}${escapeHtml(interval)}</p>
  ${problem ? `<p class="problem" role="alert">${escapeHtml(problem)} Try again, or cancel.</p>` : ''}
  <form method="post" action="/checkout/${encodeURIComponent(session.id)}/pay">
    <button type="submit" class="pay">Pay</button>
  </form>
  <form method="post" action="/checkout/${encodeURIComponent(session.id)}/cancel">
    <button type="submit" class="cancel">Cancel</button>
  </form>
</main>
</body>
</html>`;
}

/** A short page for a session that can no longer be paid. */
export function closedPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Checkout closed</title></head>
<body><main><h1>Checkout closed</h1><p>${escapeHtml(message)}</p></main></body>
</html>`;
}

function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

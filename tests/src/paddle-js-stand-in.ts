// A stand-in for Paddle.js v2 (https://cdn.paddle.com/paddle/v2/paddle.js), for tests only: served
// in place of the CDN file by Playwright's routing, it defines `window.PaddleBillingV1` the way
// @paddle/paddle-js expects (Environment.set, Initialize, Update, Checkout.open, PricePreview) and
// records what the web app asked for in `window.__paddleStandIn`. No overlay is drawn: the test
// completes the payment through the Paddle API stand-in (tests/src/paddle-stand-in.ts, which sends
// the signed webhooks) and then fires Paddle.js's `checkout.completed` with `complete()`.

/** The script served at Paddle.js's CDN address. */
export const PADDLE_JS_STAND_IN = `
(() => {
  const record = { environment: undefined, initialize: undefined, opened: [], previews: [] };
  let callback = () => {};
  const paddle = {
    Initialized: false,
    Environment: { set(environment) { record.environment = environment; } },
    Initialize(options) {
      record.initialize = { token: options.token };
      callback = options.eventCallback || callback;
      paddle.Initialized = true;
    },
    Update(options) { callback = options.eventCallback || callback; },
    Checkout: {
      open(options) {
        record.opened.push(options);
        callback({ name: 'checkout.loaded', data: {} });
      },
      close() { callback({ name: 'checkout.closed', data: {} }); },
    },
    async PricePreview(params) {
      record.previews.push(params);
      return { data: { details: { lineItems: params.items.map((item) => ({
        price: { id: item.priceId },
        formattedTotals: { subtotal: 'US$1.00', discount: 'US$0.00', tax: 'US$0.00', total: 'US$1.00' },
      })) } } };
    },
    Status: { libraryVersion: 'stand-in' },
  };
  window.PaddleBillingV1 = paddle;
  window.Paddle = paddle;
  window.__paddleStandIn = {
    record,
    complete() { callback({ name: 'checkout.completed', data: { status: 'completed' } }); },
  };
})();
`

/** Paddle.js's CDN address, as @paddle/paddle-js loads it. */
export const PADDLE_JS_URL = 'https://cdn.paddle.com/paddle/v2/paddle.js'

/*
 * The Razorpay simulator's checkout.js: the same `window.Razorpay` constructor, options, `handler`,
 * `modal.ondismiss` and `payment.failed` event as https://checkout.razorpay.com/v1/checkout.js.
 * It opens the simulator's checkout window in an overlay frame served from this origin.
 */
(function () {
  'use strict';
  var BASE = '/dev/razorpay';
  var SOURCE = 'razorpay-simulator';

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('No key passed');
    this.options = options;
    this._listeners = {};
    this._overlay = null;
    this._onMessage = null;
  }

  Razorpay.prototype.on = function (event, fn) {
    (this._listeners[event] = this._listeners[event] || []).push(fn);
    return this;
  };

  Razorpay.prototype._emit = function (event, payload) {
    (this._listeners[event] || []).forEach(function (fn) {
      fn(payload);
    });
  };

  Razorpay.prototype.open = function () {
    if (this._overlay) return this;
    var o = this.options;
    var prefill = o.prefill || {};
    var retry = o.retry === false ? { enabled: false } : o.retry || { enabled: true };
    var params = new URLSearchParams();
    params.set('key', o.key);
    if (o.subscription_id) params.set('subscription_id', o.subscription_id);
    if (o.order_id) params.set('order_id', o.order_id);
    if (o.subscription_card_change) params.set('subscription_card_change', '1');
    if (o.name) params.set('name', o.name);
    if (o.description) params.set('description', o.description);
    if (prefill.name) params.set('prefill_name', prefill.name);
    if (prefill.email) params.set('prefill_email', prefill.email);
    if (prefill.contact) params.set('prefill_contact', prefill.contact);
    if (o.notes) params.set('notes', JSON.stringify(o.notes));
    params.set('retry', retry.enabled === false ? '0' : String(retry.max_count || 3));

    var overlay = document.createElement('div');
    overlay.setAttribute('data-razorpay-simulator', '');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483000;background:rgba(5,7,12,.72);display:flex;align-items:center;justify-content:center;';
    var frame = document.createElement('iframe');
    frame.title = 'Razorpay Checkout';
    frame.name = 'razorpay-checkout-frame';
    frame.src = BASE + '/checkout/window?' + params.toString();
    frame.style.cssText = 'width:min(420px,100vw);height:min(640px,100vh);border:0;border-radius:14px;background:#fff;box-shadow:0 20px 60px rgba(0,0,0,.5);';
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    this._overlay = overlay;

    this._onMessage = (event) => {
      if (event.origin !== window.location.origin || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.source !== SOURCE) return;
      if (data.type === 'success') {
        this._teardown();
        if (typeof o.handler === 'function') o.handler(data.response);
      } else if (data.type === 'failed') {
        this._emit('payment.failed', { error: data.error });
      } else if (data.type === 'dismiss') {
        this._teardown();
        if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
      }
    };
    window.addEventListener('message', this._onMessage);
    return this;
  };

  Razorpay.prototype._teardown = function () {
    if (this._onMessage) window.removeEventListener('message', this._onMessage);
    if (this._overlay && this._overlay.parentNode) this._overlay.parentNode.removeChild(this._overlay);
    this._overlay = null;
    this._onMessage = null;
  };

  Razorpay.prototype.close = function () {
    this._teardown();
  };

  window.Razorpay = Razorpay;
})();

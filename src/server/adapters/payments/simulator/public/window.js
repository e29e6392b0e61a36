/* The simulator's checkout window: pay or fail, then tell the page that opened it (same origin only). */
(function () {
  'use strict';
  var SOURCE = 'razorpay-simulator';
  var root = document.getElementById('checkout');
  var data = root.dataset;
  var maxAttempts = Number(data.retry || '0') || 1;
  var attempts = 0;
  var status = document.getElementById('status');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('[data-outcome]'));

  function tell(message) {
    message.source = SOURCE;
    window.parent.postMessage(message, window.location.origin);
  }

  function setBusy(busy) {
    buttons.forEach(function (b) {
      b.disabled = busy;
    });
  }

  function show(text, kind) {
    status.textContent = text;
    status.className = 'status ' + (kind || '');
  }

  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      setBusy(true);
      show('Processing payment…', 'info');
      fetch('/dev/razorpay/checkout/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          key: data.key,
          subscription_id: data.subscriptionId || undefined,
          order_id: data.orderId || undefined,
          outcome: button.dataset.outcome,
          email: data.email || undefined,
          contact: data.contact || undefined,
          subscription_card_change: data.cardChange === '1' || undefined,
        }),
      })
        .then(function (res) {
          return res.json();
        })
        .then(function (result) {
          if (result.ok) {
            show('Payment successful', 'ok');
            tell({ type: 'success', response: result.response });
            return;
          }
          attempts += 1;
          tell({ type: 'failed', error: result.error });
          if (attempts < maxAttempts) {
            show(result.error.description + ' You can retry.', 'error');
            setBusy(false);
          } else {
            show(result.error.description + ' No retries left.', 'error');
          }
        })
        .catch(function () {
          show('The simulator did not answer. Close and try again.', 'error');
          setBusy(false);
        });
    });
  });

  document.getElementById('close').addEventListener('click', function () {
    tell({ type: 'dismiss' });
  });
})();

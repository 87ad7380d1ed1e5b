// The demo shop's behaviour: a cart kept in localStorage, a sign-in and a checkout that only
// write a message on the page. Nothing leaves the browser.
(function () {
  const read = () => JSON.parse(localStorage.getItem('cart') || '[]');
  const write = (cart) => localStorage.setItem('cart', JSON.stringify(cart));
  const euros = (n) => '€' + n.toFixed(2);
  const total = (cart) => cart.reduce((sum, line) => sum + line.price, 0);
  const show = (id, text) => { const el = document.getElementById(id); if (el) el.textContent = text; };

  function refresh() {
    const cart = read();
    show('count', String(cart.length));
    show('total', euros(total(cart)));
    const lines = document.getElementById('lines');
    if (lines) {
      lines.replaceChildren(...cart.map((line) => {
        const li = document.createElement('li');
        li.textContent = line.item + ' – ' + euros(line.price);
        return li;
      }));
      if (!cart.length) lines.replaceChildren(Object.assign(document.createElement('li'), { textContent: 'Your cart is empty' }));
    }
  }

  document.querySelectorAll('button[data-item]').forEach((button) => {
    button.addEventListener('click', () => {
      const cart = read();
      cart.push({ item: button.dataset.item, price: Number(button.dataset.price) });
      write(cart);
      show('added', button.dataset.item + ' added to your cart');
      refresh();
    });
  });
  const empty = document.getElementById('empty');
  if (empty) empty.addEventListener('click', () => { write([]); refresh(); });

  const checkout = document.getElementById('checkout');
  if (checkout) checkout.addEventListener('submit', (event) => {
    event.preventDefault();
    const cart = read();
    if (!cart.length) { show('result', 'Your cart is empty'); return; }
    show('result', 'Order placed: ' + cart.length + ' item(s), ' + euros(total(cart)) + ', shipping to ' +
      document.getElementById('country').value);
    write([]);
    refresh();
  });
  const signin = document.getElementById('signin');
  if (signin) signin.addEventListener('submit', (event) => {
    event.preventDefault();
    const email = document.getElementById('email').value;
    const ok = email && document.getElementById('password').value;
    show('result', ok ? 'Signed in as ' + email : 'Enter your email and password');
  });
  refresh();
})();
